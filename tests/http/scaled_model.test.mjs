// `--model NAME --scale N` / `--items N` / `--seed S` of `monotable serve` and `monotable run`: the
// example is generated straight into the engine, and a client sees exactly the tables, items and
// index entries it saw when the same example was generated to a file first (`monotable generate`)
// and served with `--model FILE`; the summary line is the same, and mistakes still get the errors
// they got before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monotableBinary, rawRequest, startServer } from './helpers.mjs';

const bin = monotableBinary();
const cli = (args, input = '') => spawnSync(bin, args, { input, encoding: 'utf8', timeout: 60000 });
const dir = mkdtempSync(path.join(tmpdir(), 'monotable-scaled-'));

// Generates an example to a file the way a user did before --scale/--items existed on serve/run.
function generated(name, args) {
  const file = path.join(dir, `${name}-${args.join('')}.json`);
  const r = cli(['generate', '--example', name, ...args, '-o', file]);
  assert.equal(r.status, 0, r.stderr);
  return file;
}

async function call(server, operation, body) {
  const r = await rawRequest(server, operation, body);
  assert.equal(r.status, 200, r.text);
  return r.json;
}

// Every page of a Scan of the table or one of its indexes, as the client received them.
async function scanAll(server, table, indexName) {
  const pages = [];
  let start;
  do {
    const page = await call(server, 'Scan', {
      TableName: table,
      ...(indexName ? { IndexName: indexName } : {}),
      ...(start ? { ExclusiveStartKey: start } : {}),
    });
    pages.push(page);
    start = page.LastEvaluatedKey;
  } while (start);
  return pages;
}

// What a client can read of the whole endpoint: every table's description and every page of it
// and of each of its indexes.
async function contents(server) {
  const out = {};
  for (const name of (await call(server, 'ListTables', {})).TableNames) {
    const { Table } = await call(server, 'DescribeTable', { TableName: name });
    out[name] = { Table, pages: await scanAll(server, name) };
    for (const index of Table.GlobalSecondaryIndexes ?? []) {
      out[name][index.IndexName] = await scanAll(server, name, index.IndexName);
    }
  }
  return out;
}

const loaded = (stderr) => stderr.match(/loaded \S+ \((.*)\)/)?.[1];

for (const [name, args] of [['orders', ['--items', '20000']], ['vaultcommerce', ['--scale', '7', '--seed', '3']]]) {
  test(`serve --model ${name} ${args.join(' ')} serves what generate + --model FILE served`, async () => {
    const file = generated(name, args);
    const common = ['--quiet', '--clock-ms', '1700000000000'];
    const before = await startServer([...common, '--model', file]);
    const after = await startServer([...common, '--model', name, ...args]);
    try {
      assert.equal(loaded(after.stderr()), loaded(before.stderr()));
      assert.match(loaded(after.stderr()), /^1 table, \d+ items$/);
      assert.deepEqual(await contents(after), await contents(before));
    } finally {
      await before.stop();
      await after.stop();
    }
  });
}

test('serve --model FILE --scale N rescales a generated file with its own example and seed', async () => {
  const file = generated('orders', ['--scale', '2', '--seed', '5']);
  const expected = generated('orders', ['--scale', '3', '--seed', '5']);
  const before = await startServer(['--quiet', '--clock-ms', '0', '--model', expected]);
  const after = await startServer(['--quiet', '--clock-ms', '0', '--model', file, '--scale', '3']);
  try {
    assert.equal(loaded(after.stderr()), loaded(before.stderr()));
    assert.deepEqual(await contents(after), await contents(before));
  } finally {
    await before.stop();
    await after.stop();
  }
});

test('run --model NAME --scale N prints the summary and answers generate + --model FILE gave', () => {
  const file = generated('orders', ['--scale', '10']);
  const requests = [
    { operation: 'DescribeTable', request: { TableName: 'Orders' } },
    { operation: 'Scan', request: { TableName: 'Orders', IndexName: 'GSI2', Limit: 50 } },
  ].map((r) => JSON.stringify(r)).join('\n');
  const before = cli(['run', '--model', file, '--json'], requests);
  const after = cli(['run', '--model', 'orders', '--scale', '10', '--json'], requests);
  assert.equal(after.status, 0, after.stderr);
  const strip = (stdout) => stdout.split('\n').filter(Boolean).map((l) => {
    const j = JSON.parse(l);
    // Times and the table's id differ between any two runs (run has no --clock-ms).
    for (const key of ['CreationDateTime', 'TableId']) delete j.response.Table?.[key];
    delete j.response.Table?.BillingModeSummary?.LastUpdateToPayPerRequestDateTime;
    return j;
  });
  assert.deepEqual(strip(after.stdout), strip(before.stdout));
  const text = cli(['run', '--model', 'orders', '--scale', '10'], '');
  assert.equal(loaded(text.stderr), loaded(cli(['run', '--model', file], '').stderr));
});

test('a scaled --model gets the errors it got before, and usage errors exit 2', () => {
  // An unknown name is a missing file, with or without a scale, for serve and run alike.
  for (const cmd of ['serve', 'run']) {
    const plainArgs = cmd === 'serve' ? [cmd, '--port', '0', '--model', 'nosuch'] : [cmd, '--model', 'nosuch'];
    const plain = cli(plainArgs);
    const scaled = cli([...plainArgs, '--items', '1000']);
    assert.equal(scaled.status, plain.status, cmd);
    assert.equal(scaled.stderr, plain.stderr, cmd);
    assert.match(scaled.stderr, /nosuch: cannot read the file \(built-in examples: vaultcommerce, orders\)/);
  }
  const outOfRange = cli(['run', '--model', 'orders', '--scale', '0']);
  assert.equal(outOfRange.status, 2);
  assert.match(outOfRange.stderr, /orders: scale must be between 1 and 100000/);
  const serveOutOfRange = cli(['serve', '--port', '0', '--model', 'orders', '--scale', '100001']);
  assert.equal(serveOutOfRange.status, 1);
  assert.match(serveOutOfRange.stderr, /orders: scale must be between 1 and 100000/);
  // A model that was not made by the generator cannot be scaled.
  const model = JSON.parse(readFileSync(generated('orders', ['--scale', '1']), 'utf8'));
  delete model.generator;
  const handWrittenFile = path.join(dir, 'hand-written.json');
  writeFileSync(handWrittenFile, JSON.stringify(model));
  const handWritten = cli(['run', '--model', handWrittenFile, '--scale', '2']);
  assert.equal(handWritten.status, 2);
  assert.match(handWritten.stderr, /need a built-in example or a file made by the generator/);
  for (const [args, message] of [
    [['--scale', 'ten'], /--scale takes a number/],
    [['--items', '0'], /--items takes a positive whole number/],
    [['--seed', 'x'], /--seed takes a whole number/],
    [['--items'], /--items needs a value/],
  ]) {
    for (const cmd of ['serve', 'run']) {
      const r = cli([cmd, '--model', 'orders', ...args]);
      assert.equal(r.status, 2, `${cmd} ${args}`);
      assert.match(r.stderr, message);
    }
  }
  for (const cmd of ['serve', 'run']) {
    const r = cli([cmd, '--scale', '10']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--scale, --items and --seed need --model/);
  }
});
