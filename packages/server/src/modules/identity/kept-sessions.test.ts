import { describe, expect, it } from 'vitest';
import { KeptSessions, keptSessionsOf, type SessionFinding } from './kept-sessions';

const found = (lastSeenDate = '2026-01-01T00:00:00.000Z', withProfile = false): SessionFinding => ({
  session: { lastSeenDate },
  ...(withProfile ? { profile: { userId: 7 } } : {}),
});

function counted(answer: () => SessionFinding | undefined) {
  const load = async () => {
    load.calls += 1;
    return answer();
  };
  load.calls = 0;
  return load;
}

describe('kept sessions', () => {
  it('reads a session once while it is kept, and again once it has aged', async () => {
    let now = 0;
    const kept = new KeptSessions({ ttlMs: 1000, now: () => now });
    const load = counted(() => found());
    expect(await kept.read('h', false, load)).toEqual(found());
    now = 999;
    await kept.read('h', false, load);
    expect(load.calls).toBe(1);
    now = 1000;
    await kept.read('h', false, load);
    expect(load.calls).toBe(2);
  });

  it('reads again for the profile when only the session was kept, and serves a plain lookup from a profile read', async () => {
    const kept = new KeptSessions({ now: () => 0 });
    const plain = counted(() => found());
    const withProfile = counted(() => found(undefined, true));
    await kept.read('h', false, plain);
    expect((await kept.read('h', true, withProfile))?.profile).toBeDefined();
    await kept.read('h', false, plain);
    await kept.read('h', true, withProfile);
    expect([plain.calls, withProfile.calls]).toEqual([1, 1]);
  });

  it('never keeps an unknown session, so one made a moment later is found', async () => {
    const kept = new KeptSessions({ now: () => 0 });
    const answers: (SessionFinding | undefined)[] = [undefined, found()];
    const load = counted(() => answers[load.calls - 1]);
    expect(await kept.read('h', false, load)).toBeUndefined();
    expect(await kept.read('h', false, load)).toEqual(found());
    expect(load.calls).toBe(2);
  });

  it('drops everything kept at a change, and does not keep a read that a change overtook', async () => {
    const kept = new KeptSessions({ now: () => 0 });
    const load = counted(() => found());
    await kept.read('h', false, load);
    kept.changed();
    await kept.read('h', false, load);
    expect(load.calls).toBe(2);

    let release = () => {};
    const slow = kept.read('slow', false, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return found('stale');
    });
    kept.changed();
    release();
    expect((await slow)?.session.lastSeenDate).toBe('stale');
    const fresh = counted(() => found('fresh'));
    expect((await kept.read('slow', false, fresh))?.session.lastSeenDate).toBe('fresh');
    expect(fresh.calls).toBe(1);
  });

  it('takes a touch into what it keeps without reading again', async () => {
    const kept = new KeptSessions({ now: () => 0 });
    const load = counted(() => found());
    await kept.read('h', false, load);
    kept.touched('h', '2026-01-01T00:05:00.000Z');
    kept.touched('unknown', '2026-01-01T00:05:00.000Z');
    expect((await kept.read('h', false, load))?.session.lastSeenDate).toBe('2026-01-01T00:05:00.000Z');
    expect(load.calls).toBe(1);
  });

  it('is one set per database, shared by every repo made on it', () => {
    const [one, two] = [{}, {}];
    expect(keptSessionsOf(one)).toBe(keptSessionsOf(one));
    expect(keptSessionsOf(one)).not.toBe(keptSessionsOf(two));
  });
});
