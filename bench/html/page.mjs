/**
 * A deterministic, realistic ~1 MB HTML page: a header and nav, nested sections with
 * headings, paragraphs with inline markup, tables, lists, forms, comments, an inline style
 * and script; every section, table, row, list and item has an id.
 */

/** mulberry32: a small seeded PRNG, so every run builds the same page. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat'.split(' ');

export function buildPage(targetChars = 1024 * 1024, seed = 7) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const inline = () => {
    const r = random();
    if (r < 0.2) return `<a href="/p/${Math.floor(random() * 1000)}">${words(2)}</a>`;
    if (r < 0.35) return `<strong>${words(1)}</strong>`;
    if (r < 0.45) return `<em class='note'>${words(2)}</em>`;
    return words(3);
  };
  const out = [];
  let size = 0;
  const push = (line) => {
    out.push(line);
    size += line.length + 1;
  };
  push('<!DOCTYPE html>');
  push('<html lang="en">');
  push('<head>');
  push('  <meta charset="utf-8">');
  push('  <title>Benchmark page</title>');
  push('  <style>');
  push('    .grid td { padding: 2px } /* <not a tag> */');
  push('  </style>');
  push('</head>');
  push('<body class=page>');
  push('  <header id="top"><nav id="nav"><ul id="nav-list">');
  for (let i = 0; i < 8; i++) push(`    <li id="nav-${i}"><a href="#s${i}">${words(1)}</a></li>`);
  push('  </ul></nav></header>');
  push('  <main id="main">');
  let s = 0;
  while (size < targetChars - 2000) {
    push(`    <!-- section ${s} -->`);
    push(`    <section id="s${s}" class="section">`);
    push(`      <h2 id="s${s}-title">${words(4)}</h2>`);
    const parts = 2 + Math.floor(random() * 3);
    for (let p = 0; p < parts; p++) {
      const kind = random();
      const base = `s${s}-${p}`;
      if (kind < 0.4) {
        push(`      <article id="${base}">`);
        for (let k = 0; k < 3; k++) push(`        <p id="${base}-p${k}">${inline()} ${inline()} ${inline()}.</p>`);
        push('      </article>');
      } else if (kind < 0.7) {
        push(`      <table id="${base}-table" class='grid'>`);
        push(`        <thead><tr><th>Name</th><th>Value</th><th>Note</th></tr></thead>`);
        push(`        <tbody id="${base}-rows">`);
        const rows = 4 + Math.floor(random() * 6);
        for (let r = 0; r < rows; r++) push(`          <tr id="${base}-r${r}"><td>${words(1)}</td><td>${Math.floor(random() * 1e4)}</td><td>${inline()}</td></tr>`);
        push('        </tbody>');
        push('      </table>');
      } else if (kind < 0.9) {
        push(`      <ul id="${base}-list">`);
        const items = 3 + Math.floor(random() * 6);
        for (let k = 0; k < items; k++) push(`        <li id="${base}-i${k}" data-rank=${k}>${inline()}</li>`);
        push('      </ul>');
      } else {
        push(`      <form id="${base}-form" action="/f" method=post>`);
        push(`        <label for="${base}-in">${words(2)}</label> <input id="${base}-in" name=q type=text>`);
        push(`        <button id="${base}-go" type="submit">Go</button>`);
        push('      </form>');
      }
    }
    push('    </section>');
    s++;
  }
  push('  </main>');
  push('  <footer id="foot"><p>&copy; bench</p></footer>');
  push('  <script>');
  push('    if (a < b && c > d) { document.title = "<x>"; }');
  push('  </script>');
  push('</body>');
  push('</html>');
  return { html: out.join('\n') + '\n', sections: s };
}
