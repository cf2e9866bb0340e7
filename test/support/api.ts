/** Minimal API calls for assertions made outside the browser. */
export interface ApiAnswer<T> {
  status: number;
  body: { status?: number; data?: T; message?: string; statusCode?: number } | undefined;
}

export async function apiGet<T>(origin: string, path: string, token?: string): Promise<ApiAnswer<T>> {
  const response = await fetch(`${origin}/api${path}`, {
    headers: { accept: 'application/json', ...(token ? { authorization: token } : {}) },
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => undefined)) as ApiAnswer<T>['body'];
  return { status: response.status, body };
}
