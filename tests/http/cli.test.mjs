// The `monotable` tool itself as a user meets it: --help, --version, usage errors, and
// `monotable run` (request files in JSON Lines or a JSON array, text and --json output, --effects,
// expectError, stop-at-first-failure vs --keep-going, exit codes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monotableBinary } from './helpers.mjs';

const bin = monotableBinary();
const run = (args, input) => spawnSync(bin, args, { input, encoding: 'utf8', timeout: 30000 });
const dir = mkdtempSync(path.join(tmpdir(), 'monotable-cli-'));

const createTable = {
  operation: 'CreateTable',
  request: {
    TableName: 'Notes', BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
  },
};
const putNote = (id, extra = {}) => ({
  operation: 'PutItem',
  request: { TableName: 'Notes', Item: { id: { S: id }, text: { S: 'hello' } },
             ReturnConsumedCapacity: 'TOTAL', ...extra },
});
const getNote = (id) => ({
  operation: 'GetItem',
  request: { TableName: 'Notes', Key: { id: { S: id } }, ReturnConsumedCapacity: 'TOTAL' },
});
const jsonl = (...lines) => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';

test('--help lists the commands and the request format; --version prints a version', () => {
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /serve/);
  assert.match(help.stdout, /run/);
  assert.match(help.stdout, /"operation": "PutItem"/);
  for (const cmd of ['serve', 'run']) {
    const h = run([cmd, '--help']);
    assert.equal(h.status, 0, cmd);
    assert.match(h.stdout, new RegExp(`usage: monotable ${cmd}`));
    assert.equal(run(['help', cmd]).stdout, h.stdout);
  }
  const version = run(['--version']);
  assert.equal(version.status, 0);
  assert.match(version.stdout, /^monotable \d+\.\d+\.\d+/);
});

test('usage errors exit with 2 and say what is wrong', () => {
  const none = run([]);
  assert.equal(none.status, 2);
  const unknown = run(['frobnicate']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command 'frobnicate'/);
  const badPort = run(['serve', '--port', 'eighty']);
  assert.equal(badPort.status, 2);
  assert.match(badPort.stderr, /--port takes a number/);
  const noValue = run(['serve', '--model']);
  assert.equal(noValue.status, 2);
  assert.match(noValue.stderr, /--model needs a value/);
  // The wording cohorts are dates; another date is a usage error naming the two there are.
  const badCohort = run(['serve', '--messages', '2026-07']);
  assert.equal(badCohort.status, 2);
  assert.match(badCohort.stderr, /--messages takes 2026-09 or 2026-05, not '2026-07'/);
  assert.match(run(['serve', '--help']).stdout, /--messages DATE/);
  const badOption = run(['run', '--frob']);
  assert.equal(badOption.status, 2);
});

test('run: JSON Lines from stdin, text output, summary on stderr', () => {
  const r = run(['run'], jsonl(createTable, putNote('n1'), getNote('n1')));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^# 1 CreateTable {2}<stdin>:1 {2}-> 200 OK$/m);
  assert.match(r.stdout, /^# 3 GetItem {2}<stdin>:3 {2}-> 200 OK$/m);
  assert.match(r.stdout, /"text": ?\{"S":"hello"\}/);
  assert.match(r.stderr, /3 requests, 3 passed, 0 failed/);
});

test('run: a JSON array file, --json output with effects', () => {
  const file = path.join(dir, 'requests.json');
  writeFileSync(file, JSON.stringify([createTable, putNote('n1'), getNote('n1'), getNote('n2')]));
  const r = run(['run', '--json', '--effects', file]);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, 4);
  assert.deepEqual(lines.map((l) => l.source),
                   [`${file}[0]`, `${file}[1]`, `${file}[2]`, `${file}[3]`]);
  const get = lines[2];
  assert.equal(get.operation, 'GetItem');
  assert.equal(get.httpStatus, 200);
  assert.equal(get.error, null);
  assert.equal(get.passed, true);
  assert.equal(get.response.Item.id.S, 'n1');
  assert.equal(get.response.ConsumedCapacity.CapacityUnits, 0.5);
  assert.equal(get.effects.operation, 'GetItem');
  assert.equal(get.effects.readUnits, 0.5);
  assert.ok(get.effects.items.some((i) => i.table === 'Notes' && i.key.id.S === 'n1'));
  // A missing item is still read and billed.
  assert.equal(lines[3].response.Item, undefined);
  assert.equal(lines[3].effects.readUnits, 0.5);
});

test('run --effects as text shows capacity and the items touched', () => {
  const r = run(['run', '--effects'], jsonl(createTable, putNote('n1'), getNote('n1')));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /capacity: 1 WCU/);
  assert.match(r.stdout, /capacity: 0\.5 RCU/);
  assert.match(r.stdout, /Notes {2}id=n1 {2}\d+ B {2}returned/);
});

test('run: stops at the first failed request, exit 1; --keep-going runs the rest', () => {
  const input = jsonl(createTable, putNote('n1'),
                      putNote('n1', { ConditionExpression: 'attribute_not_exists(id)' }),
                      getNote('n1'));
  const stop = run(['run'], input);
  assert.equal(stop.status, 1);
  assert.match(stop.stdout, /-> 400 ConditionalCheckFailedException/);
  assert.doesNotMatch(stop.stdout, /# 4 GetItem/);
  assert.match(stop.stderr, /stopped at the first failed request \(<stdin>:3\); 1 not run/);
  const all = run(['run', '--keep-going'], input);
  assert.equal(all.status, 1);
  assert.match(all.stdout, /# 4 GetItem/);
  assert.match(all.stderr, /4 requests, 3 passed, 1 failed/);
});

test('run: expectError turns an expected failure into a pass', () => {
  const expected = { ...putNote('n1', { ConditionExpression: 'attribute_not_exists(id)' }),
                     expectError: 'ConditionalCheckFailedException' };
  const r = run(['run'], jsonl(createTable, putNote('n1'), expected));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /ConditionalCheckFailedException \(expected\)/);
  const wrong = run(['run'], jsonl(createTable, { ...putNote('n2'), expectError: 'ValidationException' }));
  assert.equal(wrong.status, 1);
});

test('run: invalid input is reported with its line before anything runs (exit 2)', () => {
  const bad = run(['run'], jsonl(createTable) + '{"operation": "PutItem", "request": \n');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /<stdin>:2: not valid JSON/);
  assert.equal(bad.stdout, '');
  const shape = run(['run'], '{"operation": "PutItem", "request": [1]}\n');
  assert.equal(shape.status, 2);
  assert.match(shape.stderr, /"request" must be a JSON object/);
  const missing = run(['run', path.join(dir, 'no-such-file.jsonl')]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot read the file/);
});

test('run: comments and blank lines are skipped; an unknown operation fails', () => {
  const r = run(['run'], `# set up\n\n${JSON.stringify(createTable)}\n{"operation":"Frob","request":{}}\n`);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /# 2 Frob {2}<stdin>:4 {2}-> 400 UnknownOperationException/);
});

test('run --model loads a built-in example', () => {
  const r = run(['run', '--model', 'orders', '--json'], jsonl({ operation: 'ListTables', request: {} }));
  assert.equal(r.status, 0, r.stderr);
  assert.ok(JSON.parse(r.stdout).response.TableNames.length >= 1);
});
