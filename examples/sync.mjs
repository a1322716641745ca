#!/usr/bin/env node
// Keeps a local copy of the directory in sync: the bulk snapshot once, then the change feed.
//
//   KEY=gtad_live_... node examples/sync.mjs [--watch SECONDS]
//
// API (default http://localhost:3000/api/v1) is the service; STATE (default ./directory-copy.json)
// is where the copy and its cursor are kept between runs. Node 20 or later, no dependencies.
// A real application would keep the records in its own database; the loop is the same:
//   1. no cursor yet (or 410 gone): GET /bulk, load every file it lists, keep its changesCursor;
//   2. GET /changes?since=<cursor>&limit=1000 until hasMore is false, applying each change in
//      order (upsert: store the record under its key; delete: remove the key), keep `next`;
//   3. later (minutes or hours), step 2 again.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';

const API = (process.env.API ?? 'http://localhost:3000/api/v1').replace(/\/+$/, '');
const KEY = process.env.KEY;
const STATE = process.env.STATE ?? 'directory-copy.json';
const watchAt = process.argv.indexOf('--watch');
const WATCH_SECONDS = watchAt > 0 ? Number(process.argv[watchAt + 1]) : 0;
if (!KEY) {
  console.error(
    'Set KEY to a live, gateway or admin key (the sandbox key cannot take the snapshot).',
  );
  process.exit(2);
}
const headers = { Authorization: `Bearer ${KEY}`, 'Accept-Encoding': 'gzip' };

/** The key a record or a change is stored under (the interchange key). */
function keyOf(type, r) {
  if (type === 'doctor') return `doctor:${r.cpsoNumber}`;
  if (type === 'offering')
    return `offering:${r.clinic.source}/${r.clinic.sourceId}/${r.specialty.toLowerCase()}`;
  return `${type}:${r.source}/${r.sourceId}`;
}

async function get(url) {
  const res = await fetch(url, { headers });
  if (res.status === 410) return { gone: true, body: await res.json() };
  if (!res.ok) throw new Error(`${res.status} ${url}: ${await res.text()}`);
  return { gone: false, res };
}

/** Step 1: the manifest and its files (streamed line by line; fetch undoes the gzip). */
async function takeSnapshot() {
  const { res } = await get(`${API}/bulk`);
  const manifest = await res.json();
  const records = new Map();
  for (const file of manifest.output) {
    // Relative to the manifest's address unless the service has a PUBLIC_URL.
    const r = await get(new URL(file.url, res.url).href);
    if (r.gone) return takeSnapshot(); // the directory changed meanwhile: start again
    let n = 0;
    const lines = createInterface({ input: Readable.fromWeb(r.res.body), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const record = JSON.parse(line);
      records.set(keyOf(record.type, record), record);
      n++;
    }
    if (n !== file.count)
      throw new Error(`${file.url}: ${n} records, the manifest says ${file.count}`);
  }
  console.log(
    `snapshot of data version ${manifest.dataVersion} (${manifest.transactionTime}): ` +
      manifest.output.map((o) => `${o.count} ${o.type}s`).join(', '),
  );
  return { cursor: manifest.changesCursor, records };
}

/** Step 2: the changes after the cursor, applied in order; null when the cursor is gone. */
async function followChanges(state) {
  let upserts = 0;
  let deletes = 0;
  for (;;) {
    const r = await get(`${API}/changes?since=${encodeURIComponent(state.cursor)}&limit=1000`);
    if (r.gone) {
      console.log(`cursor gone (${r.body.message}); taking the snapshot again`);
      return null;
    }
    const page = await r.res.json();
    for (const c of page.changes) {
      if (c.op === 'upsert') {
        state.records.set(keyOf(c.type, c.key), c.record);
        upserts++;
      } else {
        state.records.delete(keyOf(c.type, c.key));
        deletes++;
      }
    }
    state.cursor = page.next;
    if (!page.hasMore) {
      console.log(
        `up to date at data version ${page.dataVersion}: ${upserts} upserts, ${deletes} deletes applied; ` +
          `${state.records.size} records held`,
      );
      return state;
    }
  }
}

function load() {
  if (!existsSync(STATE)) return null;
  const saved = JSON.parse(readFileSync(STATE, 'utf8'));
  return { cursor: saved.cursor, records: new Map(saved.records) };
}
function save(state) {
  writeFileSync(
    `${STATE}.tmp`,
    JSON.stringify({ cursor: state.cursor, records: [...state.records] }),
  );
  renameSync(`${STATE}.tmp`, STATE);
}

async function syncOnce() {
  let state = load() ?? (await takeSnapshot());
  state = (await followChanges(state)) ?? (await followChanges(await takeSnapshot()));
  save(state);
}

await syncOnce();
while (WATCH_SECONDS > 0) {
  await new Promise((r) => setTimeout(r, WATCH_SECONDS * 1000));
  await syncOnce();
}
