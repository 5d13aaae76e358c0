import { describe, expect, it } from 'vitest';
import { boardAll, rideAlong } from './ride-along.js';

describe('a load that may ride along with another call', () => {
  const counted = <T>(value: T) => {
    const calls = { own: 0 };
    return { calls, load: rideAlong(async () => ((calls.own += 1), value)) };
  };

  it('comes with a call sent in the turn it was asked for, and is read once', async () => {
    const { calls, load } = counted('own');
    const first = load.load();
    const settle = load.board();
    expect(settle).toBeDefined();
    settle?.('carried');
    expect(await Promise.all([first, load.load()])).toEqual(['carried', 'carried']);
    expect(calls.own).toBe(0);
  });

  it('is read by its own call when no call takes it along, or the call does not bring it back', async () => {
    const alone = counted('own');
    expect(await alone.load.load()).toBe('own');
    expect(alone.calls.own).toBe(1);
    const dropped = counted('own');
    const loading = dropped.load.load();
    dropped.load.board()?.(undefined);
    expect(await loading).toBe('own');
    expect(dropped.calls.own).toBe(1);
  });

  it('boards one call only, and none before it is asked for or after its turn', async () => {
    const { calls, load } = counted('own');
    expect(load.board()).toBeUndefined();
    const loading = load.load();
    const settle = load.board();
    expect(load.board()).toBeUndefined();
    setImmediate(() => settle?.('carried'));
    expect(await loading).toBe('carried');
    expect(load.board()).toBeUndefined();
    expect(calls.own).toBe(0);
  });

  it('when only wanted, rides along and calls nothing by itself; loaded later, it is the carried value or its own call', async () => {
    const carriedOne = counted('own');
    carriedOne.load.want();
    carriedOne.load.board()?.('carried');
    await new Promise((resolve) => setImmediate(resolve));
    expect(carriedOne.calls.own).toBe(0);
    expect(await carriedOne.load.load()).toBe('carried');
    const unused = counted('own');
    unused.load.want();
    await new Promise((resolve) => setImmediate(resolve));
    expect(unused.load.board()).toBeUndefined();
    expect(unused.calls.own).toBe(0);
    expect(await unused.load.load()).toBe('own');
    expect(unused.calls.own).toBe(1);
  });

  it('boards the wanted riders on a call, and settles each from its part of the answer (null: its own call)', async () => {
    const viewer = counted('own viewer');
    const questionnaires = counted('own questionnaires');
    const unwanted = counted('own other');
    const [v, q] = [viewer.load.load(), questionnaires.load.load()];
    const boarding = boardAll({ viewer: viewer.load, questionnaires: questionnaires.load, other: unwanted.load });
    expect(boarding.parts).toEqual(['viewer', 'questionnaires']);
    boarding.settle({ viewer: 'carried viewer', questionnaires: null });
    expect(await Promise.all([v, q])).toEqual(['carried viewer', 'own questionnaires']);
    expect([viewer.calls.own, questionnaires.calls.own, unwanted.calls.own]).toEqual([0, 1, 0]);
  });
});
