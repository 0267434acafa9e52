const fs=require("fs");
const load=f=>JSON.parse(fs.readFileSync(f,"utf8")).rows;
const runs={main:[1,2].map(i=>load(`/tmp/idem-b-main${i}.json`)),mine:[1,2].map(i=>load(`/tmp/idem-b-mine${i}.json`))};
const key=r=>r.id;
const t=r=>r.ms??r.timeMs??r.time;
const best=(rs)=>{const m=new Map();for(const run of rs)for(const r of run){const v=t(r);m.set(key(r),Math.min(m.get(key(r))??Infinity,v));}return m;};
const A=best(runs.main),B=best(runs.mine);
const rows=runs.main[0];
const byTag={};let out=0,diff=0;
for(const r of rows){const a=A.get(r.id),b=B.get(r.id);(byTag[r.tag]??={a:0,b:0,n:0});byTag[r.tag].a+=a;byTag[r.tag].b+=b;byTag[r.tag].n++;}
const o1=new Map(runs.main[0].map(r=>[r.id,r.outcome])),o2=new Map(runs.mine[0].map(r=>[r.id,r.outcome]));
for(const [id,o] of o1) if(o2.get(id)!==o) diff++;
console.log("outcome differences:",diff);
console.log("tag | n | main total ms | mine total ms | ratio");
let ta=0,tb=0;
for(const [tag,v] of Object.entries(byTag)){ta+=v.a;tb+=v.b;console.log(`${tag} | ${v.n} | ${v.a.toFixed(1)} | ${v.b.toFixed(1)} | ${(v.b/v.a).toFixed(2)}`);}
console.log(`ALL | ${rows.length} | ${ta.toFixed(1)} | ${tb.toFixed(1)} | ${(tb/ta).toFixed(2)}`);
const large=rows.filter(r=>r.large).map(r=>`${r.id} ${r.tag}: ${A.get(r.id).toFixed(1)} vs ${B.get(r.id).toFixed(1)} ms`);console.log(large.join("\n"));
