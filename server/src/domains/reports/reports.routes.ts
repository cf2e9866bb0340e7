import type { AppContext } from '../../context.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';

async function reportsRoutes(_api: ApiScope, _ctx: AppContext, _deps: DomainDeps) {}

export default defineDomain({ name: 'reports', dependsOn: ['accounts', 'auth'], register: reportsRoutes });
