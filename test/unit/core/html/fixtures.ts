/** Shared test pages. Hand-formatted on purpose: odd indentation, every quoting style. */

/** A page exercising everything the engine must not disturb; LF line ends. */
export const HAND_FORMATTED_PAGE = [
  '<!DOCTYPE html>',
  '<!-- top comment, kept as is -->',
  '<html lang=en>',
  '<head>',
  "  <meta charset='utf-8'>",
  '    <title>Odd   page</title>',
  '<style id="styles">',
  '  body > p { color: red }  /* <div> in css */',
  '</style>',
  '</head>',
  '<body class=\'main\'   data-x=1>',
  '   <section id="intro" class=hero>',
  '\t<h1   id=title>Hello &amp; welcome</h1>',
  '      <p id=\'lead\' data-note="a &quot;b&quot;">Lead <em>text</em></p>',
  '   </section>',
  '  <!-- list follows -->',
  '  <ul id="items">',
  '    <li id="item-1">One</li>',
  '        <li id="item-2">Two</li>',
  '  </ul>',
  '<pre id="code">  keep   these',
  '     spaces</pre>',
  '  <table id="grid">',
  '    <tbody id="rows">',
  '      <tr id="row-1"><td>1</td><td>one</td></tr>',
  '    </tbody>',
  '  </table>',
  '  <script id="boot">',
  '    if (a < b && c > d) { document.write("<p>"); }',
  '  </script>',
  '</body>',
  '</html>',
  '',
].join('\n');

/** The same page with CRLF line ends. */
export const HAND_FORMATTED_PAGE_CRLF = HAND_FORMATTED_PAGE.replace(/\n/g, '\r\n');

/** A small page for op tests. */
export const SMALL_PAGE = [
  '<!doctype html>',
  '<html>',
  '<body>',
  '  <div id="box">',
  '    <p id="first">First</p>',
  '    <p id="second">Second</p>',
  '  </div>',
  '  <img id="logo" src="logo.png" alt=\'Logo\'>',
  '  <ul id="list"><li id="one">1</li><li id="two">2</li></ul>',
  '</body>',
  '</html>',
  '',
].join('\n');
