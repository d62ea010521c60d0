// Sums a V8 `.cpuprofile` (node --cpu-prof, e.g. `bench/orders.mjs --cpu-prof DIR`) by package and
// by function, and says where the socket writes (`writev`) came from. Usage:
//   node bench/cpu-profile-summary.mjs DIR/CPU.*.cpuprofile [--top N]
// A sample counts the time until the next one; "(idle)" is the event loop waiting. A sample in
// `writev` is the thread in that syscall or waiting for the CPU it gave a woken reader.
import fs from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const top = Number(args[args.indexOf('--top') + 1]) || 25;
if (!file) {
  console.error('usage: node bench/cpu-profile-summary.mjs FILE.cpuprofile [--top N]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

/** A package name for node_modules, the built file for the app, else the URL's tail. */
function where(url) {
  if (!url) return '(vm)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.includes('/apps/api/dist/')) return `app ${url.split('/apps/api/dist/')[1]}`;
  if (url.startsWith('node:')) return url;
  return url.split('/').slice(-2).join('/');
}

const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
const byPlace = new Map();
const byFunction = new Map();
const writevFrom = new Map();
let total = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  const micros = profile.timeDeltas[i] ?? 0;
  const { callFrame } = byId.get(id);
  total += micros;
  if (callFrame.functionName === '(idle)') {
    idle += micros;
    return;
  }
  const place = callFrame.url ? where(callFrame.url) : `(vm) ${callFrame.functionName}`;
  add(byPlace, place, micros);
  add(byFunction, `${callFrame.functionName || '(anonymous)'}  ${place}:${callFrame.lineNumber + 1}`, micros);
  if (callFrame.functionName === 'writev') {
    // The first caller that is not the stream machinery: pg's query, or an HTTP answer.
    let parent = parentOf.get(id);
    let caller = 'unknown';
    while (parent !== undefined) {
      const frame = byId.get(parent).callFrame;
      const place = where(frame.url);
      if (!place.startsWith('node:')) {
        caller = `${frame.functionName || '(anonymous)'} (${place})`;
        break;
      }
      parent = parentOf.get(parent);
    }
    add(writevFrom, caller, micros);
  }
});

const busy = total - idle;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${(micros / 1e6).toFixed(2).padStart(8)} s ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${key}`,
    );
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s not idle`);
print('Not idle, by package or built file (% of not idle)', byPlace);
print('Not idle, by function', byFunction);
print('writev, by its first caller outside node:', writevFrom);
