import type { AppContext } from '../../context.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';

async function searchRoutes(_api: ApiScope, _ctx: AppContext, _deps: DomainDeps) {}

export default defineDomain({ name: 'search', dependsOn: ['accounts', 'auth'], register: searchRoutes });
