/**
 * Count limits of one tool call, checked before any matching. The work of placing a change is
 * linear in its size (the engine indexes the file once and finds each hunk or edit from its
 * rarest line), but every hunk or edit still costs a search of its own, so one call is capped
 * well above what agents send (a few hundred hunks, a few dozen edits) and far below what
 * would hold a result back for seconds. The schemas the model sees carry the edits limit
 * (maxItems); the engine refuses a patch over the hunk limit as TOO_LARGE, naming it.
 */

/** Hunks (unified diff) or chunks (apply_patch) in one safe_patch call, over all its files. */
export const MAX_HUNKS_PER_CALL = 20_000;

/** Replacements in one replace_in_file call's `edits`. */
export const MAX_EDITS_PER_CALL = 500;
