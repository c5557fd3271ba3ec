// The data-driven API cases of tests/cases/*.json, run over HTTP against `monotable serve`: the
// same files tests/core/api/cases_test.cc runs in-process, so a case passes both ways or neither.
// Format (see cases_test.cc): {"description", "messages"?, "steps": [{"operation", "request",
// "response"?, "responseIncludes"?, "responseExcludes"?, "error"?: {"type", "message"?,
// "bodyIncludes"?}}]}.
// Each file gets a fresh server with the clock fixed at 2024-01-01T00:00:00Z, like the in-process
// runner. Requests go as raw HTTP (exactly the case's JSON); every response's CRC32 is checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, rawRequest, crc32, repoRoot } from './helpers.mjs';

const casesDir = path.join(repoRoot, 'tests', 'cases');
const files = readdirSync(casesDir).filter((f) => f.endsWith('.json')).sort();
const kClockMs = '1704067200000';

// Every member of `expected` present in `actual` with an equal value (objects recursively,
// arrays element-wise with equal length, numbers as numbers).
function includes(actual, expected, where) {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return `${where}: expected an object`;
    }
    for (const [k, v] of Object.entries(expected)) {
      if (!(k in actual)) return `${where}: missing member ${k}`;
      const bad = includes(actual[k], v, `${where}.${k}`);
      if (bad) return bad;
    }
    return null;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      return `${where}: expected an array of ${expected.length}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const bad = includes(actual[i], expected[i], `${where}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  return actual === expected ? null : `${where}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

// Exact equality (JSON numbers compare as numbers, so 1 equals 1.0).
function equal(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k in b && equal(a[k], b[k]));
}

// Checks one step's response; returns a list of problems (empty: the step passed).
function check(step, res) {
  const problems = [];
  const body = res.json;
  if (body === undefined) return [`body is not JSON: ${res.text}`];
  if (res.headers.get('x-amz-crc32') !== String(crc32(Buffer.from(res.text, 'utf8')))) {
    problems.push('x-amz-crc32 does not match the body');
  }
  if (step.error) {
    if (res.status === 200) return [`expected ${step.error.type}, got 200 ${res.text}`];
    const type = String(body.__type ?? '');
    const name = type.slice(type.indexOf('#') + 1);
    if (name !== step.error.type) problems.push(`error ${name}, expected ${step.error.type}`);
    const expectedStatus = step.error.type === 'InternalServerError' ? 500 : 400;
    if (res.status !== expectedStatus) problems.push(`HTTP ${res.status}, expected ${expectedStatus}`);
    if ('message' in step.error) {
      const message = body.message ?? body.Message;
      if (message !== step.error.message) {
        problems.push(`message ${JSON.stringify(message)}, expected ${JSON.stringify(step.error.message)}`);
      }
    }
    if (step.error.bodyIncludes) {
      const bad = includes(body, step.error.bodyIncludes, 'body');
      if (bad) problems.push(bad);
    }
    return problems;
  }
  if (res.status !== 200) return [`expected success, got ${res.status} ${res.text}`];
  if ('response' in step && !equal(body, step.response)) {
    problems.push(`response ${JSON.stringify(body)}\n      expected ${JSON.stringify(step.response)}`);
  }
  if (step.responseIncludes) {
    const bad = includes(body, step.responseIncludes, 'response');
    if (bad) problems.push(bad);
  }
  for (const member of step.responseExcludes ?? []) {
    if (member in body) problems.push(`unexpected member ${member}`);
  }
  return problems;
}

test('there are case files to run', () => {
  assert.ok(files.length > 0, `no *.json in ${casesDir}`);
});

for (const file of files) {
  const cases = JSON.parse(readFileSync(path.join(casesDir, file), 'utf8'));
  test(`${file}: ${cases.description ?? ''}`, async (t) => {
    // A file's "messages" picks the wording cohort, as the in-process runner does.
    const cohort = cases.messages ? ['--messages', cases.messages] : [];
    const server = await startServer(['--quiet', '--clock-ms', kClockMs, ...cohort]);
    const failures = [];
    try {
      let n = 0;
      for (const step of cases.steps) {
        n++;
        const res = await rawRequest(server, step.operation, step.request ?? {});
        const problems = check(step, res);
        if (problems.length) {
          failures.push(`step ${n} (${step.operation}${step.name ? ': ' + step.name : ''}):\n    ` +
                        problems.join('\n    '));
        }
      }
      t.diagnostic(`${n} steps`);
    } finally {
      await server.stop();
    }
    assert.equal(failures.length, 0, `${file}\n  ${failures.join('\n  ')}`);
  });
}
