import { describe, expect, it } from 'vitest';
import { parseArgs } from './args';
import { UsageError } from './errors';

const kinds = { title: 'string', persist: 'boolean', sort: 'string' } as const;

describe('parseArgs', () => {
  it.each([
    [['list'], { positionals: ['list'], options: {} }],
    [['update', 'abc', '--title', 'A b'], { positionals: ['update', 'abc'], options: { title: 'A b' } }],
    [['--title=x=y', 'create'], { positionals: ['create'], options: { title: 'x=y' } }],
    [['--persist'], { positionals: [], options: { persist: true } }],
    [['--no-persist'], { positionals: [], options: { persist: false } }],
    [['--persist=false'], { positionals: [], options: { persist: false } }],
    [['--sort', '-5'], { positionals: [], options: { sort: '-5' } }],
    [['--', '--title'], { positionals: ['--title'], options: {} }],
  ])('reads %j', (argv, expected) => {
    expect(parseArgs(argv, kinds)).toEqual(expected);
  });

  it.each([
    [['--colour', 'red'], 'unknown option --colour'],
    [['--title'], 'option --title needs a value'],
    [['--title', '--persist'], 'option --title needs a value'],
    [['--title', 'a', '--title', 'b'], 'option --title is given twice'],
    [['--persist=maybe'], "--persist must be true or false (got 'maybe')"],
    [['--no-title'], 'unknown option --no-title'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv, kinds)).toThrow(new UsageError(message));
  });
});
