import type { AppContext } from '../../context.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';

async function blocksRoutes(_api: ApiScope, _ctx: AppContext, _deps: DomainDeps) {}

export default defineDomain({ name: 'blocks', dependsOn: ['accounts', 'auth'], register: blocksRoutes });
