import * as assert from 'node:assert/strict';
import { countLineEnds, detectEol, eolKind, hasLoneCr, normalizeEol } from '../../../../src/core/text/eol';
import { dominantEol, splitText } from '../../../../src/core/text/lines';

describe('core/text/eol', () => {
  it('countLineEnds counts CRLF and bare LF; a lone CR and a BOM count for nothing', () => {
    assert.deepEqual(countLineEnds(''), { crlf: 0, lf: 0 });
    assert.deepEqual(countLineEnds('a\rb\r'), { crlf: 0, lf: 0 });
    assert.deepEqual(countLineEnds('\uFEFFa\r\nb\nc\r\n'), { crlf: 2, lf: 1 });
    assert.deepEqual(countLineEnds('\n\r\n'), { crlf: 1, lf: 1 });
  });

  it('detectEol picks the dominant line end, LF on a tie or without any', () => {
    assert.equal(detectEol('a\r\nb\r\nc\n'), '\r\n');
    assert.equal(detectEol('a\nb\r\nc\n'), '\n');
    assert.equal(detectEol('a\r\nb\n'), '\n');
    assert.equal(detectEol('no line end'), '\n');
    assert.equal(detectEol('a\rb\r'), '\n');
  });

  it('detectEol ignores an unterminated last line, where the line model\'s dominantEol counts it for LF', () => {
    assert.equal(detectEol('a\r\nb'), '\r\n');
    assert.equal(dominantEol(splitText('a\r\nb')), '\n');
    assert.equal(dominantEol(splitText('a\r\nb\r\n')), '\r\n');
  });

  it('eolKind names one style, a mix, or none', () => {
    assert.equal(eolKind(''), 'none');
    assert.equal(eolKind('a\r'), 'none');
    assert.equal(eolKind('a\nb'), 'LF');
    assert.equal(eolKind('a\r\n'), 'CRLF');
    assert.equal(eolKind('a\r\nb\n'), 'mixed');
  });

  it('normalizeEol rewrites CRLF, LF and a lone CR alike, and nothing else', () => {
    assert.equal(normalizeEol('a\nb\r\nc\rd', '\r\n'), 'a\r\nb\r\nc\r\nd');
    assert.equal(normalizeEol('a\r\n\r\n', '\n'), 'a\n\n');
    assert.equal(normalizeEol('\r\r\n', '\n'), '\n\n');
    assert.equal(normalizeEol('', '\r\n'), '');
  });

  it('hasLoneCr: a CR not followed by LF, anywhere (the bytes an editor model reads as a line break)', () => {
    assert.equal(hasLoneCr('a\r\nb\rc\r\n'), true);
    assert.equal(hasLoneCr('a\r'), true, 'a CR at the very end');
    assert.equal(hasLoneCr('\r\r\n'), true, 'a CR before a CRLF');
    assert.equal(hasLoneCr('a\r\nb\r\n'), false);
    assert.equal(hasLoneCr('a\nb\n'), false);
    assert.equal(hasLoneCr(''), false);
    assert.equal(eolKind('a\r\nb\rc\r\n'), 'CRLF', 'a lone CR is line content to eolKind, hence this separate check');
  });
});
