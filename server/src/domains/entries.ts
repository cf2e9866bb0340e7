import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { domainEntries, type DomainEntry } from './folders.js';

/** The domains beside this file (the server bundle replaces this module with the list it found at build time). */
export const entries = (): DomainEntry[] => domainEntries(path.dirname(fileURLToPath(import.meta.url)));
