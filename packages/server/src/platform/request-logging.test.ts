// Requests are not logged one by one unless LOG_LEVEL asks for debug: a terminal running the embedded
// default shows what matters (start, warnings, errors), not two lines per page load.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';

async function linesLoggedFor(logLevel: 'info' | 'debug'): Promise<string[]> {
  const lines: string[] = [];
  const t = await createTestApp({ logLevel, logStream: { write: (line) => void lines.push(line) } });
  try {
    const answer = await t.app.inject({ method: 'GET', url: '/v2/activities/list4Client' });
    expect(answer.statusCode).toBe(200);
    return lines;
  } finally {
    await t.close();
  }
}

describe('request logging', () => {
  it('is off at the default level', async () => {
    expect((await linesLoggedFor('info')).join('')).not.toMatch(/incoming request|request completed/);
  });

  it('comes back at debug', async () => {
    const logged = (await linesLoggedFor('debug')).join('');
    expect(logged).toMatch(/incoming request/);
    expect(logged).toMatch(/request completed/);
  });
});
