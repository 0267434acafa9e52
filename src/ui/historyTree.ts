import * as vscode from 'vscode';
import type { BackupStore } from '../history/backupStore';
import type { JournalEntry } from '../history/types';
import { writerLabel } from '../history/writerLabel';
import { clockTime, lineDelta, outcomeIcon, outcomeLabel, splitPath } from './format';
import { uriOfJournalPath } from './workspaceUri';

/**
 * A file with agent changes. Contract with the entry commands (src/commands/): `contextValue`
 * is "file", `path` is the journal's workspace-relative path, `resourceUri` the file.
 */
export class FileItem extends vscode.TreeItem {
  override readonly contextValue = 'file';
  constructor(readonly path: string, entryCount: number, lastTime: number) {
    const { name, folder } = splitPath(path);
    super(name, vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `file:${path}`;
    this.resourceUri = uriOfJournalPath(path);
    this.description = folder ? `${folder} · ${entryCount}` : String(entryCount);
    this.iconPath = vscode.ThemeIcon.File;
    this.tooltip = `${path}\n${entryCount} agent change${entryCount === 1 ? '' : 's'}, last at ${clockTime(lastTime)}`;
  }
}

/**
 * One journal entry. Contract with the entry commands: `entry` holds the JournalEntry and
 * `contextValue` is "entry.<outcome>" (e.g. "entry.applied").
 */
export class EntryItem extends vscode.TreeItem {
  override readonly contextValue: string;
  /** @param groupPaths the files of the entry's multi-file change (every one, this one included) */
  constructor(readonly entry: JournalEntry, groupPaths: string[] = []) {
    // One change of several files reads as one: the label says so under each of its files, and
    // its Roll Back restores every file of it (history-actions.ts).
    const group = entry.group_size !== undefined && entry.group_size > 1 ? ` (one change of ${entry.group_size} files)` : '';
    // Who wrote it: our tool's name, or the other writer (a program, an agent's own tool, outside the tools).
    const writer = writerLabel(entry);
    super(`${clockTime(entry.time)}  ${writer}${group}`, vscode.TreeItemCollapsibleState.None);
    this.id = `entry:${entry.id}`;
    this.contextValue = `entry.${entry.outcome}`;
    const changed = entry.outcome === 'applied' || entry.outcome === 'interrupted';
    // The icon already says "applied"; other outcomes are spelled out (they are the ones to notice).
    this.description = entry.outcome === 'applied' ? lineDelta(entry.lines_added, entry.lines_removed)
      : changed ? `${lineDelta(entry.lines_added, entry.lines_removed)} · ${outcomeLabel(entry.outcome)}` : outcomeLabel(entry.outcome);
    const icon = outcomeIcon(entry.outcome, entry.tool);
    this.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    this.tooltip = entryTooltip(entry, groupPaths);
    this.accessibilityInformation = { label: `${writer} on ${entry.path} at ${clockTime(entry.time)}, ${outcomeLabel(entry.outcome)}, ${entry.lines_added} lines added, ${entry.lines_removed} removed` };
    // A click compares the backup with the current file, when there is a backup to compare.
    if (entry.has_snapshot) {
      this.command = { command: 'agentSafeEdit.history.compareWithCurrent', title: 'Compare with Current', arguments: [this] };
    }
  }
}

/** Markdown tooltip: tool, outcome, time, line delta, both hashes and the entry's message. */
function entryTooltip(entry: JournalEntry, groupPaths: string[]): vscode.MarkdownString {
  const md = new vscode.MarkdownString(undefined, true);
  md.appendText(writerLabel(entry));
  md.appendMarkdown(` · ${outcomeLabel(entry.outcome)} · ${new Date(entry.time).toLocaleString()}\n\n`);
  if (groupPaths.length > 1) {
    md.appendText(`One change of ${groupPaths.length} files (Roll Back restores all of them): ${groupPaths.join(', ')}`);
    md.appendMarkdown('\n\n');
  }
  md.appendMarkdown(`${lineDelta(entry.lines_added, entry.lines_removed)} lines · ${entry.bytes} → ${entry.after_bytes ?? '?'} bytes\n\n`);
  md.appendMarkdown('before sha256: ');
  md.appendCodeblock(entry.before_sha256, 'text');
  md.appendMarkdown('after sha256: ');
  md.appendCodeblock(entry.after_sha256 ?? '(none)', 'text');
  if (entry.message) { md.appendMarkdown('\n'); md.appendText(entry.message); }
  return md;
}

export type HistoryItem = FileItem | EntryItem;

/**
 * The "Edit History" tree: files with agent changes, the most recently changed first, each
 * with its journal entries, newest first. Reads the store on every `getChildren` (the store
 * keeps its index in memory), so `refresh()` only has to tell VS Code to ask again.
 */
export class HistoryTreeProvider implements vscode.TreeDataProvider<HistoryItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<HistoryItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** How many refreshes were signalled (lets tests see that live updates happen). */
  refreshCount = 0;

  constructor(private readonly store: BackupStore) {}

  refresh(): void {
    this.refreshCount++;
    this.changed.fire(undefined);
  }

  getTreeItem(item: HistoryItem): vscode.TreeItem {
    return item;
  }

  getChildren(parent?: HistoryItem): HistoryItem[] {
    if (!parent) return this.store.listFiles().map((f) => new FileItem(f.path, f.entries, f.last_time));
    if (parent instanceof FileItem) return this.store.list(parent.path).map((e) => new EntryItem(e, e.group_id ? this.store.listGroup(e.group_id).map((g) => g.path) : []));
    return [];
  }

  getParent(item: HistoryItem): HistoryItem | undefined {
    if (item instanceof EntryItem) {
      const summary = this.store.listFiles().find((f) => f.path === item.entry.path);
      return summary ? new FileItem(summary.path, summary.entries, summary.last_time) : undefined;
    }
    return undefined;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
