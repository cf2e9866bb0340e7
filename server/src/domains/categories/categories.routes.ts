import type { AppContext } from '../../context.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';

async function categoriesRoutes(_api: ApiScope, _ctx: AppContext, _deps: DomainDeps) {}

export default defineDomain({ name: 'categories', dependsOn: ['accounts', 'auth'], register: categoriesRoutes });
