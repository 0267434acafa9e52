import { COMMANDS, MENUS, VIEWS, VIEWS_CONTAINERS, VIEWS_WELCOME } from './commands';
import { configurationSection } from './settings';
import { withStringLimits } from './string-limits';
import { TOOL_NAMES } from './tool-sets';
import { TOOL_CATALOG } from './tools';

/** The id src/mcp/ registers its server definition provider under. */
export const MCP_PROVIDER_ID = 'agentSafeEdit.mcp';

/**
 * The `contributes` sections package.json gets from the catalog, in package.json's order.
 * scripts/manifest.mjs writes them; a unit test checks the committed package.json equals them.
 */
export function manifestSections(): Record<string, unknown> {
  return {
    languageModelTools: TOOL_NAMES.map((name) => {
      const t = TOOL_CATALOG[name];
      return {
        name,
        displayName: t.displayName,
        toolReferenceName: name,
        canBeReferencedInPrompt: true,
        icon: t.icon,
        userDescription: t.userDescription,
        modelDescription: t.modelDescription,
        tags: ['agent-safe-edit', 'files'],
        inputSchema: withStringLimits(t.inputSchema),
      };
    }),
    // One set of all our tools: "#safeEdit" in a prompt, one switch in the tools picker, and the
    // way extension tools reach Agent Host sessions (they take tools of enabled sets only).
    languageModelToolSets: [{ name: 'safeEdit', description: 'Agent Safe Edit: hash-checked edits with backups, rollback, and programs without a shell.', icon: '$(shield)', tools: [...TOOL_NAMES] }],
    configuration: configurationSection(),
    commands: COMMANDS,
    menus: MENUS,
    viewsContainers: VIEWS_CONTAINERS,
    views: VIEWS,
    viewsWelcome: VIEWS_WELCOME,
    mcpServerDefinitionProviders: [{ id: MCP_PROVIDER_ID, label: 'Agent Safe Edit' }],
  };
}

/** package.json's text with its generated sections replaced (other sections and keys untouched). */
export function withManifestSections(packageJsonText: string): string {
  const pkg = JSON.parse(packageJsonText) as { contributes?: Record<string, unknown> };
  pkg.contributes = { ...(pkg.contributes ?? {}), ...manifestSections() };
  return JSON.stringify(pkg, null, 2) + '\n';
}
