import { beforeAll } from 'vitest';
import { emptyDatabase, workerDatabase } from './databases.js';

// Each test file starts from empty tables on the worker's shared database.
beforeAll(async () => {
  await emptyDatabase(await workerDatabase());
});
