import { randomBytes } from 'node:crypto';

export interface DashboardAssets {
  /** `webview.cspSource`: the origin allowed for the local styles, fonts and script. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  /** codicon.css served through the webview, or undefined when it is not installed (icons then degrade to text). */
  codiconsUri?: string;
}

/** A fresh nonce per page load: only the script tag carrying it may run. */
export function makeNonce(): string {
  return randomBytes(16).toString('base64').replace(/[^A-Za-z0-9]/g, '');
}

/**
 * The dashboard page: a static skeleton that media/dashboard.js fills from the state object.
 * Strict CSP: nothing remote, no inline script or style, only the nonce'd script; fonts
 * (the codicon font) and styles from the extension's own files.
 */
export function dashboardHtml(assets: DashboardAssets, nonce: string): string {
  const csp = [
    "default-src 'none'",
    `style-src ${assets.cspSource}`,
    `font-src ${assets.cspSource}`,
    `img-src ${assets.cspSource} data:`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  const codicons = assets.codiconsUri ? `<link rel="stylesheet" href="${assets.codiconsUri}">` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${codicons}
<link rel="stylesheet" href="${assets.styleUri}">
<title>Agent Safe Edit</title>
</head>
<body>
<header class="top">
  <h1><span class="codicon codicon-shield" aria-hidden="true"></span> Agent Safe Edit</h1>
  <span class="updated" data-testid="updated" aria-live="polite"></span>
  <button type="button" class="secondary" data-action="resetCounters" data-testid="reset-counters"><span class="codicon codicon-debug-restart" aria-hidden="true"></span> Reset Counters</button>
</header>
<main id="root" data-testid="root">
  <p class="muted" data-testid="loading">Loading…</p>
</main>
<script nonce="${nonce}" src="${assets.scriptUri}"></script>
</body>
</html>`;
}
