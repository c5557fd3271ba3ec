#!/usr/bin/env node
// The oracle: replays requests whose answers real DynamoDB gave (tests/oracle/cases/*.json, each
// file naming the capture or document its answers come from) against `monotable serve`, and
// compares status, error type, message and the response fields each case lists.
//
// A case file:
//   { "title", "source", "cohort": "2026-09" | "2026-05",
//     "tables": { "H": <CreateTable request>, ... }   created before the cases, deleted after;
//     "names": { "X": "name" }                         placeholders that are not created;
//     "setup": [ { "op", "body" } ]                    requests that must succeed first;
//     "cases": [ { "id", "family", "note", "op", "body", "expect" } or
//                { "id", "family", "note", "steps": [ { "op", "body", "expect" } ] } ] }
// "${H}" in any string or key of a request or an expectation stands for table H's name.
// An expectation is { "error": { "type", "message", "CancellationReasons"? }, "status"? } (status
// 400 unless given: DynamoDB's API reference gives HTTP 400 for every client error these cases
// make; where the source pins only a phrase, "messageIncludes" or "messageMatches" (a regular
// expression, case-insensitive) replaces "message", and "CancellationReasonCodes" with
// "firstReasonMatches" replaces "CancellationReasons") or { "response": { field: value } } (status 200; each listed top-level field must equal
// the answer's, sets compared as sets; "keysOf": { field: [names] }: that field's attribute names;
// "absent": [fields]: not in the answer; "subset": true: the listed fields' members need only be
// among the answer's, where the source checks no more)
// or {} (status 200, nothing else checked).
//
// known-differences.json lists the cases where monotable knowingly answers differently, each with
// its reason (also in docs/compatibility.md). The run fails on any other mismatch, and on a known
// difference that now matches (so the list stays true).
//
// Usage: node tests/oracle/run.mjs [--verbose] [--only FILE_SUBSTRING]
// Environment: MONOTABLE_BIN (default build/cli/monotable). Each cohort's server listens on a
// free port of its own.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { startServer } from '../http/helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const bin = process.env.MONOTABLE_BIN || path.join(repoRoot, 'build', 'cli', 'monotable');
if (!existsSync(bin)) {
  console.error(`oracle: monotable binary not found at ${bin} (build it, or set MONOTABLE_BIN)`);
  process.exit(2);
}

// The cohorts and the `serve` arguments that select them.
const cohorts = {
  '2026-09': { args: [] },
  '2026-05': { args: ['--messages', '2026-05'] },
};

// A fresh `monotable serve` on a free port for a cohort (tests/http/helpers.mjs's startServer,
// which also stops it by its own pid).
function startCohortServer(cohort) {
  process.env.MONOTABLE_BIN = bin;
  return startServer(['--quiet', ...cohorts[cohort].args]);
}

// monotable checks only that an AWS4 Authorization header is present (DynamoDB refuses a request
// without one before anything else), so any signature will do.
const auth =
  'AWS4-HMAC-SHA256 Credential=AKIDORACLE/20261201/us-east-1/dynamodb/aws4_request, ' +
  'SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000';

async function call(server, op, body) {
  const res = await fetch(server.endpoint + '/', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': `DynamoDB_20120810.${op}`,
      'X-Amz-Date': '20261201T000000Z',
      Authorization: auth,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* compared as missing */ }
  return { status: res.status, json, text };
}

// Replaces ${NAME} in every string and key, and { "$repeat": text, "count": n } by text repeated
// n times (so a case can hold a 400 KB value without the file doing so).
function substitute(value, names) {
  const sub = (s) => s.replace(/\$\{(\w+)\}/g, (m, k) => (k in names ? names[k] : m));
  if (typeof value === 'string') return sub(value);
  if (Array.isArray(value)) return value.map((v) => substitute(v, names));
  if (value && typeof value === 'object' && typeof value.$repeat === 'string') {
    return value.$repeat.repeat(value.count);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [sub(k), substitute(v, names)]));
  }
  return value;
}

// Sets compare as sets: SS, NS and BS members sorted.
function normalize(value) {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && ['SS', 'NS', 'BS'].includes(keys[0]) && Array.isArray(value[keys[0]])) {
      return { [keys[0]]: [...value[keys[0]]].sort() };
    }
    return Object.fromEntries(keys.map((k) => [k, normalize(value[k])]));
  }
  return value;
}

// Whether `got` holds `want`: objects every member of `want` (recursively), arrays element by
// element with the same length, anything else equal.
function contains(got, want) {
  if (Array.isArray(want)) {
    return Array.isArray(got) && got.length === want.length && want.every((w, i) => contains(got[i], w));
  }
  if (want && typeof want === 'object') {
    return !!got && typeof got === 'object' && Object.entries(want).every(([k, w]) => contains(got[k], w));
  }
  return isDeepStrictEqual(got, want);
}

// Returns null when `answer` is what `expect` says, else a description of the difference.
function compare(expect, answer) {
  const body = answer.json ?? {};
  const type = typeof body.__type === 'string' ? body.__type.split('#').pop() : null;
  const message = body.message ?? body.Message ?? null;
  if (expect.error) {
    const want = expect.status ?? 400;
    const diffs = [];
    if (answer.status !== want) diffs.push(`status ${answer.status}, expected ${want}`);
    if (type !== expect.error.type) diffs.push(`type ${type}, expected ${expect.error.type}`);
    const e = expect.error;
    const messageOk =
      e.message !== undefined ? message === e.message
        : e.messageIncludes !== undefined ? typeof message === 'string' && message.includes(e.messageIncludes)
          : e.messageMatches !== undefined ? new RegExp(e.messageMatches, 'i').test(message ?? '')
            : true;
    if (!messageOk) {
      const want = e.message ?? e.messageIncludes ?? `/${e.messageMatches}/i`;
      diffs.push(`message:\n      got      ${JSON.stringify(message)}\n      expected ${JSON.stringify(want)}`);
    }
    if (e.CancellationReasonCodes) {
      const got = (body.CancellationReasons ?? []).map((r) => r.Code);
      if (!isDeepStrictEqual(got, e.CancellationReasonCodes)) {
        diffs.push(`CancellationReasons codes ${JSON.stringify(got)}, expected ${JSON.stringify(e.CancellationReasonCodes)}`);
      }
      const first = body.CancellationReasons?.[0]?.Message ?? '';
      if (e.firstReasonMatches && !new RegExp(e.firstReasonMatches, 'i').test(first)) {
        diffs.push(`first reason's message ${JSON.stringify(first)}, expected /${e.firstReasonMatches}/i`);
      }
    }
    if (expect.error.CancellationReasons) {
      const got = (body.CancellationReasons ?? []).map((r) => ({ Code: r.Code, Message: r.Message }));
      if (!isDeepStrictEqual(got, expect.error.CancellationReasons)) {
        diffs.push(`CancellationReasons ${JSON.stringify(got)}, expected ${JSON.stringify(expect.error.CancellationReasons)}`);
      }
    }
    return diffs.length ? diffs.join('; ') : null;
  }
  const want = expect.status ?? 200;
  if (answer.status !== want) {
    return `status ${answer.status} (${type}: ${message}), expected ${want}`;
  }
  for (const [field, value] of Object.entries(expect.response ?? {})) {
    const same = expect.subset ? contains(normalize(body[field]), normalize(value))
      : isDeepStrictEqual(normalize(body[field]), normalize(value));
    if (!same) {
      return `${field}:\n      got      ${JSON.stringify(body[field])}\n      expected ${JSON.stringify(value)}`;
    }
  }
  for (const field of expect.absent ?? []) {
    if (field in body) return `${field} is present (${JSON.stringify(body[field])}), expected none`;
  }
  for (const [field, names] of Object.entries(expect.keysOf ?? {})) {
    const got = Object.keys(body[field] ?? {}).sort();
    if (!isDeepStrictEqual(got, [...names].sort())) {
      return `${field} has the attributes ${JSON.stringify(got)}, expected ${JSON.stringify(names)}`;
    }
  }
  return null;
}

const casesDir = path.join(here, 'cases');
const files = readdirSync(casesDir).filter((f) => f.endsWith('.json') && (!only || f.includes(only))).sort();
const known = JSON.parse(readFileSync(path.join(here, 'known-differences.json'), 'utf8')).differences;
const knownKey = (file, id) => `${file}:${id}`;
const knownMap = new Map(known.map((k) => [knownKey(k.file, k.case), k]));
const seenTables = new Map();

const servers = {};
const results = [];  // { file, source, cohort, family, id, outcome: match|known|mismatch|stale, detail }
let failed = false;
try {
  for (const file of files) {
    const slug = file.replace(/\.json$/, '');
    const doc = JSON.parse(readFileSync(path.join(casesDir, file), 'utf8'));
    if (!cohorts[doc.cohort]) throw new Error(`${file}: unknown cohort ${doc.cohort}`);
    servers[doc.cohort] ??= await startCohortServer(doc.cohort);
    const server = servers[doc.cohort];
    const names = { ...(doc.names ?? {}) };
    for (const [key, spec] of Object.entries(doc.tables ?? {})) {
      const owner = seenTables.get(`${doc.cohort}/${spec.TableName}`);
      if (owner) throw new Error(`${file}: table ${spec.TableName} is also ${owner}'s`);
      seenTables.set(`${doc.cohort}/${spec.TableName}`, file);
      names[key] = spec.TableName;
    }
    for (const spec of Object.values(doc.tables ?? {})) {
      const r = await call(server, 'CreateTable', spec);
      if (r.status !== 200) throw new Error(`${file}: CreateTable ${spec.TableName}: ${r.text}`);
    }
    for (const step of doc.setup ?? []) {
      const r = await call(server, step.op, substitute(step.body, names));
      if (r.status !== 200) throw new Error(`${file}: setup ${step.op}: ${r.text}`);
    }
    for (const c of doc.cases) {
      const steps = c.steps ?? [{ op: c.op, body: c.body, expect: c.expect }];
      let detail = null;
      for (const [i, step] of steps.entries()) {
        const answer = await call(server, step.op, substitute(step.body, names));
        const diff = compare(substitute(step.expect, names), answer);
        if (diff) {
          detail = (steps.length > 1 ? `step ${i + 1} (${step.op}): ` : '') + diff;
          break;
        }
      }
      const k = knownMap.get(knownKey(slug, c.id));
      const outcome = detail ? (k ? 'known' : 'mismatch') : (k ? 'stale' : 'match');
      results.push({ file: slug, source: doc.title, cohort: doc.cohort, family: c.family, id: c.id, outcome, detail });
    }
    for (const spec of Object.values(doc.tables ?? {})) {
      await call(server, 'DeleteTable', { TableName: spec.TableName });
    }
  }
} catch (e) {
  console.error(`oracle: ${e.message}`);
  failed = true;
} finally {
  for (const s of Object.values(servers)) await s.stop();
}

// Figures: per case file (its source and cohort), then per family within it.
const tally = (rows) => {
  const t = { total: rows.length, match: 0, known: 0, mismatch: 0, stale: 0 };
  for (const r of rows) t[r.outcome]++;
  return t;
};
const fmt = (t) =>
  `${t.match}/${t.total} match` + (t.known ? `, ${t.known} known` : '') +
  (t.mismatch ? `, ${t.mismatch} MISMATCH` : '') + (t.stale ? `, ${t.stale} STALE` : '');
for (const file of [...new Set(results.map((r) => r.file))]) {
  const rows = results.filter((r) => r.file === file);
  console.log(`\n${file} [cohort ${rows[0].cohort}] ${rows[0].source}: ${fmt(tally(rows))}`);
  for (const family of [...new Set(rows.map((r) => r.family))]) {
    console.log(`  ${family.padEnd(22)} ${fmt(tally(rows.filter((r) => r.family === family)))}`);
  }
}
for (const r of results) {
  if (r.outcome === 'mismatch' || (verbose && r.outcome === 'known')) {
    console.log(`\n${r.outcome === 'known' ? 'known' : 'MISMATCH'} ${r.file}:${r.id} (${r.family})\n    ${r.detail}`);
  }
  if (r.outcome === 'stale') {
    console.log(`\nSTALE ${r.file}:${r.id}: listed in known-differences.json but now matches; remove it`);
  }
}
for (const k of known) {
  if (!failed && !only && !results.some((r) => r.file === k.file && r.id === k.case)) {
    console.log(`\nSTALE known difference ${k.file}:${k.case}: no such case`);
    failed = true;
  }
}
const all = tally(results);
console.log(`\noracle: ${results.length} cases in ${files.length} files: ${fmt(all)}`);
if (failed || all.mismatch || all.stale) process.exit(1);
