import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/** Where the test server answers uploads: `/ok`, `/fail` (422) and `/stall` (never answers). */
export const UPLOAD_TEST_PREFIX = '/__fandeck-test__';

/**
 * A Vite plugin for the upload tests: a real HTTP endpoint on the test page's own
 * origin, so XMLHttpRequest reports real upload progress. Test runs only.
 */
export function uploadTestServer(): Plugin {
  return {
    name: 'fandeck-upload-test-server',
    configureServer(server) {
      server.middlewares.use(`${UPLOAD_TEST_PREFIX}/upload`, (req: IncomingMessage, res: ServerResponse) => {
        const mode = (req.url ?? '/').replace(/^\/+/, '').split('?')[0] || 'ok';
        if (mode === 'stall') {
          // Read nothing and never answer: the upload stalls once the socket buffers fill.
          req.pause();
          return;
        }
        let bytes = 0;
        req.on('data', (chunk: Buffer) => (bytes += chunk.length));
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          if (mode === 'fail') {
            res.statusCode = 422;
            res.end(JSON.stringify({ statusCode: 422, code: 'request.body_too_large', message: 'The file is too large', error: 'Unprocessable Entity' }));
            return;
          }
          res.statusCode = 200;
          res.end(JSON.stringify({ status: 0, data: { bytes, authorization: req.headers.authorization ?? null } }));
        });
      });
    },
  };
}
