import { SETTING_SPECS } from '../../core/settings/specs';

/** The most a rollback reads of a file that is not text (to back it up): the largest maxFileSizeMB allowed. */
export const MAX_RAW_BYTES = ((SETTING_SPECS.maxFileSizeMB as { max?: number }).max ?? 64) * 1024 * 1024;

/** How content that is not shown as text appears in a consent dialog. */
export function describeBytes(length: number): string {
  return `[${length} bytes that are not shown as text]\n`;
}
