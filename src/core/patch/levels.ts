/**
 * The matcher's tolerance levels and the key of a line at each (see match.ts for what each
 * level forgives). Levels 0-3 compare keys for equality; level 4 (fuzzy) compares level-3 keys
 * and lets one line differ.
 */
import { trailingKey, looseKey, unicodeKey } from '../text/keys';

export const enum Level {
  Exact = 0,
  Trailing = 1,
  Loose = 2,
  Unicode = 3,
  Fuzzy = 4,
}

const KEY_FNS: Array<(s: string) => string> = [(s) => s, trailingKey, looseKey, unicodeKey];

/** The key of `s` at `level` (the fuzzy level uses level 3's). */
export const keyOf = (level: Level, s: string): string => KEY_FNS[level > Level.Unicode ? Level.Unicode : level](s);
