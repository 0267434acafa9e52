/**
 * The commands, menus and views package.json contributes (generated from here by
 * `npm run manifest`). The command ids are the ones src/commands/ and src/ui/ register.
 */

export interface CommandSpec {
  command: string;
  title: string;
  category: string;
  /** A codicon, `$(name)`, for menus that show icons. */
  icon?: string;
}

export interface MenuItem {
  command: string;
  when: string;
  group?: string;
}

const cat = 'Agent Safe Edit';
export const COMMANDS: readonly CommandSpec[] = [
  { command: 'agentSafeEdit.openDashboard', title: 'Open Dashboard', category: cat, icon: '$(dashboard)' },
  { command: 'agentSafeEdit.resetFailureCounters', title: 'Reset Failure Counters', category: cat, icon: '$(debug-restart)' },
  { command: 'agentSafeEdit.addAgentInstructions', title: 'Add Agent Instructions to Workspace', category: cat },
  { command: 'agentSafeEdit.rollbackFile', title: 'Roll Back File…', category: cat, icon: '$(discard)' },
  { command: 'agentSafeEdit.undoLastAgentEdit', title: 'Undo Last Agent Edit', category: cat },
  { command: 'agentSafeEdit.compareWithBackup', title: 'Compare with Backup…', category: cat },
  { command: 'agentSafeEdit.clearBackups', title: 'Clear Backups…', category: cat, icon: '$(clear-all)' },
  { command: 'agentSafeEdit.openLocalHistory', title: 'Open Local History for File', category: cat },
  { command: 'agentSafeEdit.rollbackTurn', title: 'Roll Back Agent Turn…', category: cat },
  { command: 'agentSafeEdit.redoTurn', title: 'Redo Agent Turn', category: cat, icon: '$(redo)' },
  { command: 'agentSafeEdit.showMcpConnection', title: 'Show MCP Connection', category: cat, icon: '$(plug)' },
  { command: 'agentSafeEdit.setUpAgents', title: 'Set Up Agent Safe Edit for Other Agents…', category: cat },
  // Kept for callers that have its id; "Set Up…" does it (MCP entries only), so the palette shows that one.
  { command: 'agentSafeEdit.writeMcpConfiguration', title: 'Write MCP Configuration for Other Agents…', category: cat },
  { command: 'agentSafeEdit.history.refresh', title: 'Refresh', category: cat, icon: '$(refresh)' },
  { command: 'agentSafeEdit.history.compareWithCurrent', title: 'Compare with Current', category: cat, icon: '$(diff)' },
  { command: 'agentSafeEdit.history.rollbackToBefore', title: 'Roll Back to Before This Edit', category: cat, icon: '$(discard)' },
  { command: 'agentSafeEdit.history.copySha256', title: 'Copy sha256', category: cat, icon: '$(copy)' },
  { command: 'agentSafeEdit.history.revealFile', title: 'Reveal File', category: cat, icon: '$(go-to-file)' },
];
const entryOnly = 'view == agentSafeEdit.history && viewItem =~ /^entry/';
export const MENUS: Readonly<Record<string, readonly MenuItem[]>> = {
  commandPalette: [
    ...['history.compareWithCurrent', 'history.rollbackToBefore', 'history.copySha256', 'history.revealFile', 'history.refresh', 'writeMcpConfiguration'].map((c) => ({ command: `agentSafeEdit.${c}`, when: 'false' })),
  ],
  'view/title': [
    { command: 'agentSafeEdit.history.refresh', when: 'view == agentSafeEdit.history', group: 'navigation@1' },
    { command: 'agentSafeEdit.openDashboard', when: 'view == agentSafeEdit.history', group: 'navigation@2' },
    { command: 'agentSafeEdit.rollbackTurn', when: 'view == agentSafeEdit.history', group: '1_actions@1' },
    { command: 'agentSafeEdit.redoTurn', when: 'view == agentSafeEdit.history', group: '1_actions@2' },
    { command: 'agentSafeEdit.clearBackups', when: 'view == agentSafeEdit.history', group: '1_actions@3' },
    { command: 'agentSafeEdit.resetFailureCounters', when: 'view == agentSafeEdit.history', group: '1_actions@4' },
  ],
  'view/item/context': [
    { command: 'agentSafeEdit.history.compareWithCurrent', when: entryOnly, group: 'inline@1' },
    { command: 'agentSafeEdit.history.rollbackToBefore', when: entryOnly, group: 'inline@2' },
    { command: 'agentSafeEdit.history.compareWithCurrent', when: entryOnly, group: '1_compare@1' },
    { command: 'agentSafeEdit.history.rollbackToBefore', when: entryOnly, group: '2_restore@1' },
    { command: 'agentSafeEdit.history.copySha256', when: entryOnly, group: '3_copy@1' },
    { command: 'agentSafeEdit.history.revealFile', when: 'view == agentSafeEdit.history', group: '4_reveal@1' },
  ],
};
export const VIEWS_CONTAINERS = { activitybar: [{ id: 'agentSafeEdit', title: 'Agent Safe Edit', icon: 'media/shield.svg' }] };
export const VIEWS = { agentSafeEdit: [{ id: 'agentSafeEdit.history', name: 'Edit History', icon: 'media/shield.svg', contextualTitle: 'Agent Safe Edit' }] };
export const VIEWS_WELCOME = [
  {
    view: 'agentSafeEdit.history',
    contents: 'No agent edits yet. When an agent edits files through the Agent Safe Edit tools, every change appears here and can be compared or rolled back.\n[Add Agent Instructions to Workspace](command:agentSafeEdit.addAgentInstructions)\n[Open Dashboard](command:agentSafeEdit.openDashboard)\nRead the [documentation](command:extension.open?%5B%22agent-safe-edit.agent-safe-edit%22%5D).',
  },
];

