import * as assert from 'node:assert/strict';
import { checkPathSyntax } from '../../../../src/core/paths/path-syntax';
import { fileUriToPath } from '../../../../src/core/paths/file-uri';
import { isWindowsReservedName } from '../../../../src/core/paths/windows-names';
import { hasGitSegment, isInsideOrEqual } from '../../../../src/core/paths/containment';
import * as nodePath from 'node:path';

function reasonOf(input: unknown): string | undefined {
  const r = checkPathSyntax(input);
  return r.ok ? undefined : String(r.failure.reason);
}

describe('checkPathSyntax', () => {
  it('accepts ordinary relative and absolute paths unchanged', () => {
    for (const p of ['src/a.ts', './src/a.ts', 'dir with space/ünï 日本.txt', 'emoji 😀.md', '/home/u/ws/x.c', 'C:\\ws\\x.c', 'C:/ws/x.c', '.env', 'a..b', '..foo/bar', '%2e%2e/x', '$HOME/x']) {
      const r = checkPathSyntax(p);
      assert.ok(r.ok, `${p} should pass: ${JSON.stringify(r)}`);
      assert.equal(r.path, p);
    }
  });

  it('reports absolute paths and drive letters', () => {
    const a = checkPathSyntax('C:\\ws\\x');
    assert.ok(a.ok && a.absolute && a.drive === 'C');
    const b = checkPathSyntax('/x');
    assert.ok(b.ok && b.absolute && b.drive === undefined);
    const c = checkPathSyntax('x/y');
    assert.ok(c.ok && !c.absolute);
  });

  const refused: [unknown, string][] = [
    [undefined, 'NOT_A_STRING'],
    [42, 'NOT_A_STRING'],
    [['a'], 'NOT_A_STRING'],
    ['', 'EMPTY'],
    [' \t ', 'EMPTY'],
    [' a.txt', 'SURROUNDING_WHITESPACE'],
    ['a.txt\u0000', 'NUL_BYTE'],
    ['a\u0007b', 'CONTROL_CHARACTER'],
    ['a\u0085b', 'CONTROL_CHARACTER'],
    ['evil\u202Etxt.exe', 'BIDI_CONTROL'],
    ['a\ud800b', 'INVALID_UNICODE'],
    ['.g\u200cit/config', 'INVISIBLE_CHARACTER'],
    ['\ufeff.vscode/settings.json', 'INVISIBLE_CHARACTER'],
    ['file:///ws/.g%E2%80%8Cit/config', 'CONTROL_CHARACTER'],
    ['a\udc00', 'INVALID_UNICODE'],
    ['\\\\server\\share\\x', 'UNC_PATH'],
    ['//server/share/x', 'UNC_PATH'],
    ['\\\\.\\COM1', 'DEVICE_PATH'],
    ['\\\\?\\C:\\x', 'DEVICE_PATH'],
    ['//?/C:/x', 'DEVICE_PATH'],
    ['\\??\\C:\\x', 'DEVICE_PATH'],
    ['/dev/sda', 'DEVICE_PATH'],
    ['/proc/self/environ', 'DEVICE_PATH'],
    ['C:foo.txt', 'DRIVE_RELATIVE'],
    ['C:', 'DRIVE_RELATIVE'],
    ['CON', 'RESERVED_NAME'],
    ['src/aux.txt', 'RESERVED_NAME'],
    ['Lpt9.tar.gz', 'RESERVED_NAME'],
    ['COM\u00b9', 'RESERVED_NAME'],
    ['nul .txt', 'RESERVED_NAME'],
    ['CONOUT$', 'RESERVED_NAME'],
    ['CON.', 'TRAILING_DOT_OR_SPACE'],
    ['.npmrc.', 'TRAILING_DOT_OR_SPACE'],
    ['dir /x', 'TRAILING_DOT_OR_SPACE'],
    ['...', 'TRAILING_DOT_OR_SPACE'],
    ['file.txt:stream', 'ALTERNATE_DATA_STREAM'],
    ['file.txt::$DATA', 'ALTERNATE_DATA_STREAM'],
    ['C:\\x\\y:z', 'ALTERNATE_DATA_STREAM'],
    ['src/*.ts', 'INVALID_CHARACTER'],
    ['a?b', 'INVALID_CHARACTER'],
    ['~', 'HOME_EXPANSION'],
    ['~/.ssh/id_rsa', 'HOME_EXPANSION'],
    ['~root/.bashrc', 'HOME_EXPANSION'],
    ['http://example.com/a', 'URI_SCHEME'],
    ['vscode-remote://ssh-remote+h/etc/passwd', 'URI_SCHEME'],
    ['untitled:Untitled-1', 'URI_SCHEME'],
    ['file://server/share/x', 'UNC_PATH'],
    ['file:relative/x', 'INVALID_URI'],
    ['file:///ws/a%zz', 'INVALID_URI'],
    ['file:///ws/a?x=1', 'INVALID_URI'],
    ['file:///ws/a%00b', 'CONTROL_CHARACTER'],
    ['file:///ws/CON', 'RESERVED_NAME'],
    ['\uff0e\uff0e/etc/passwd', 'LOOKALIKE_CHARACTER'],
    ['\u2025/etc', 'LOOKALIKE_CHARACTER'],
    ['a\uff0fb', 'LOOKALIKE_CHARACTER'],
    ['a\uff1ab', 'LOOKALIKE_CHARACTER'],
    ['x'.repeat(4097), 'TOO_LONG'],
    ['a/' + 'é'.repeat(128), 'TOO_LONG'],
  ];
  for (const [input, reason] of refused) {
    it(`refuses ${JSON.stringify(input)?.slice(0, 50)} as ${reason}`, () => {
      const r = checkPathSyntax(input);
      assert.equal(r.ok, false);
      if (!r.ok) {
        assert.equal(r.failure.error_type, 'PATH_DENIED');
        assert.equal(r.failure.reason, reason);
        assert.ok(r.failure.message.length > 10 && r.failure.message.length < 400);
      }
    });
  }

  it('names that merely resemble reserved ones pass', () => {
    for (const p of ['console.log', 'com10.txt', 'auxiliary.c', 'connect.ts', 'lpt.txt', 'nul_handler.c']) {
      assert.equal(reasonOf(p), undefined, p);
    }
  });

  it('never quotes more than a bounded slice of a huge path', () => {
    const r = checkPathSyntax('a\u0001' + 'b'.repeat(3000));
    assert.ok(!r.ok && r.failure.message.length < 400);
  });
});

describe('fileUriToPath', () => {
  it('decodes once, drops localhost and the slash before a drive', () => {
    assert.deepEqual(fileUriToPath('file:///home/u/a%20b.c'), { ok: true, path: '/home/u/a b.c' });
    assert.deepEqual(fileUriToPath('file://localhost/x'), { ok: true, path: '/x' });
    assert.deepEqual(fileUriToPath('file:///C:/ws/x'), { ok: true, path: 'C:/ws/x' });
    assert.deepEqual(fileUriToPath('file:///c%3A/ws/x'), { ok: true, path: 'c:/ws/x' }); // as VS Code prints Windows URIs
    assert.deepEqual(fileUriToPath('file:///ws/%252e%252e/x'), { ok: true, path: '/ws/%2e%2e/x' });
  });
});

describe('isWindowsReservedName', () => {
  it('matches devices with any extension and case, not longer names', () => {
    for (const n of ['con', 'CON', 'Con.txt', 'aux.tar.gz', 'COM0', 'com9.c', 'LPT1', 'prn ', 'NUL .x']) assert.ok(isWindowsReservedName(n), n);
    for (const n of ['cons', 'com10', 'xcon', 'aux_', '.con', 'lp1']) assert.ok(!isWindowsReservedName(n), n);
  });
});

describe('containment helpers', () => {
  it('isInsideOrEqual compares whole segments', () => {
    const p = nodePath.posix;
    assert.ok(isInsideOrEqual('/ws', '/ws', false, p));
    assert.ok(isInsideOrEqual('/ws', '/ws/a/b', false, p));
    assert.ok(isInsideOrEqual('/ws', '/ws/..foo', false, p));
    assert.ok(!isInsideOrEqual('/ws', '/ws-other/a', false, p));
    assert.ok(!isInsideOrEqual('/ws', '/', false, p));
    assert.ok(!isInsideOrEqual('/ws', '/WS/a', false, p));
    assert.ok(isInsideOrEqual('/ws', '/WS/a', true, p));
    const w = nodePath.win32;
    assert.ok(isInsideOrEqual('C:\\ws', 'c:\\WS\\a', true, w));
    assert.ok(!isInsideOrEqual('C:\\ws', 'D:\\ws\\a', true, w));
  });

  it('hasGitSegment finds .git in any case and its 8.3 short name', () => {
    for (const p of ['.git/config', 'a/.GIT/hooks/x', 'sub/.git', 'GIT~1/config', 'a\\.git\\HEAD']) assert.ok(hasGitSegment(p), p);
    for (const p of ['.gitignore', '.github/workflows/x.yml', 'git/config', 'a.git/x', '.gitmodules']) assert.ok(!hasGitSegment(p), p);
  });
});
