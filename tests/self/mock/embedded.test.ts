import { expect, test } from '@playwright/test';
import { serveEmbeddedMock } from '../../../mock/embedded.ts';

test('the embedded mock holds its port at once and answers a request sent before it was built', async () => {
  const mock = await serveEmbeddedMock();
  let built = false;
  const ready = mock.build();
  void ready.then(() => (built = true));
  try {
    // Sent at once, while the mock is still being built: the request waits for it instead of being refused.
    const answer = fetch(`${mock.url}/v1/account/settlement_report/config`);
    const sentBeforeBuilt = !built;
    const response = await answer;
    expect(sentBeforeBuilt).toBe(true);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { status?: unknown }).status).toBe(401);
    await ready;
  } finally {
    await mock.close();
  }
  await expect(fetch(`${mock.url}/v1/account/settlement_report/config`)).rejects.toThrow();
});
