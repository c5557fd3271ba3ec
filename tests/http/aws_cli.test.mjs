// The AWS CLI against `monotable serve --endpoint-url`: create a table, write, read, query, and a
// failed condition, as a user following docs/cli.md would. botocore also checks the x-amz-crc32
// header of every DynamoDB response. Skipped, with the reason printed, when no `aws` is installed
// (scripts/setup installs Debian's awscli when none is on the PATH).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startServer } from './helpers.mjs';

const probe = spawnSync('aws', ['--version'], { encoding: 'utf8' });
const awsVersion = probe.status === 0 ? (probe.stdout || probe.stderr).trim() : null;
const skip = awsVersion ? false : 'the AWS CLI (`aws`) is not installed';
if (skip) console.log(`# aws_cli.test.mjs skipped: ${skip}`);

let server;
before(async () => { if (!skip) server = await startServer(['--quiet']); });
after(async () => { await server?.stop(); });

// Runs `aws dynamodb ARGS --endpoint-url ...` with throwaway credentials; returns
// { status, json, stderr }.
function aws(...args) {
  const r = spawnSync('aws', ['dynamodb', ...args, '--endpoint-url', server.endpoint,
                              '--output', 'json'], {
    encoding: 'utf8',
    timeout: 30000,
    env: {
      ...process.env,
      AWS_ACCESS_KEY_ID: 'AKIDMONOTABLE', AWS_SECRET_ACCESS_KEY: 'monotable-secret',
      AWS_DEFAULT_REGION: 'us-east-1', AWS_REGION: 'us-east-1', AWS_PAGER: '',
      AWS_CONFIG_FILE: '/dev/null', AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
      AWS_EC2_METADATA_DISABLED: 'true', AWS_MAX_ATTEMPTS: '1',
    },
  });
  let json;
  try { json = r.stdout.trim() ? JSON.parse(r.stdout) : {}; } catch { json = undefined; }
  return { status: r.status, json, stdout: r.stdout, stderr: r.stderr };
}

test('aws dynamodb: create-table, put-item, get-item, query, conditional failure', { skip },
     async (t) => {
  t.diagnostic(awsVersion);
  const created = aws('create-table', '--table-name', 'CliOrders',
                      '--attribute-definitions', 'AttributeName=PK,AttributeType=S',
                      'AttributeName=SK,AttributeType=S',
                      '--key-schema', 'AttributeName=PK,KeyType=HASH', 'AttributeName=SK,KeyType=RANGE',
                      '--billing-mode', 'PAY_PER_REQUEST');
  assert.equal(created.status, 0, created.stderr);
  assert.equal(created.json.TableDescription.TableName, 'CliOrders');

  // (Against DynamoDB one would `aws dynamodb wait table-exists`; it polls every 20 s.)
  const described = aws('describe-table', '--table-name', 'CliOrders');
  assert.equal(described.status, 0, described.stderr);
  assert.equal(described.json.Table.TableStatus, 'ACTIVE');

  const listed = aws('list-tables');
  assert.equal(listed.status, 0, listed.stderr);
  assert.ok(listed.json.TableNames.includes('CliOrders'));

  for (const [sk, total] of [['O#2024-01-01#o1', '10'], ['O#2024-02-01#o2', '25.5']]) {
    const put = aws('put-item', '--table-name', 'CliOrders', '--item',
                    JSON.stringify({ PK: { S: 'C#c1' }, SK: { S: sk }, total: { N: total } }));
    assert.equal(put.status, 0, put.stderr);
  }

  const got = aws('get-item', '--table-name', 'CliOrders', '--key',
                  JSON.stringify({ PK: { S: 'C#c1' }, SK: { S: 'O#2024-02-01#o2' } }),
                  '--return-consumed-capacity', 'TOTAL');
  assert.equal(got.status, 0, got.stderr);
  assert.equal(got.json.Item.total.N, '25.5');
  assert.equal(got.json.ConsumedCapacity.CapacityUnits, 0.5);

  const queried = aws('query', '--table-name', 'CliOrders',
                      '--key-condition-expression', 'PK = :c AND begins_with(SK, :o)',
                      '--expression-attribute-values',
                      JSON.stringify({ ':c': { S: 'C#c1' }, ':o': { S: 'O#' } }),
                      '--no-scan-index-forward');
  assert.equal(queried.status, 0, queried.stderr);
  assert.deepEqual(queried.json.Items.map((i) => i.SK.S), ['O#2024-02-01#o2', 'O#2024-01-01#o1']);
  assert.equal(queried.json.Count, 2);

  const failed = aws('put-item', '--table-name', 'CliOrders', '--item',
                     JSON.stringify({ PK: { S: 'C#c1' }, SK: { S: 'O#2024-01-01#o1' } }),
                     '--condition-expression', 'attribute_not_exists(PK)');
  assert.notEqual(failed.status, 0);
  assert.match(failed.stderr,
               /An error occurred \(ConditionalCheckFailedException\) when calling the PutItem operation: The conditional request failed/);

  const missing = aws('describe-table', '--table-name', 'NoSuchTable');
  assert.notEqual(missing.status, 0);
  assert.match(missing.stderr, /\(ResourceNotFoundException\)/);
});

// The control-plane operations tools call beside the tables (core/api/ops/control_plane.cc), each
// through the AWS CLI: botocore validates every answer against DynamoDB's service model, so a
// wrong shape or type fails here even where the assertions do not look.
test('aws dynamodb: backups, point-in-time recovery, limits, endpoints, contributor insights, ' +
     'Kinesis destinations, resource policies, imports and exports', { skip }, async () => {
  const ok = (...args) => {
    const r = aws(...args);
    assert.equal(r.status, 0, `${args[0]}: ${r.stderr}`);
    return r.json;
  };
  ok('create-table', '--table-name', 'CliPlane',
     '--attribute-definitions', 'AttributeName=PK,AttributeType=S',
     '--key-schema', 'AttributeName=PK,KeyType=HASH', '--billing-mode', 'PAY_PER_REQUEST');
  ok('put-item', '--table-name', 'CliPlane', '--item', JSON.stringify({ PK: { S: 'kept' } }));
  const arn = ok('describe-table', '--table-name', 'CliPlane').Table.TableArn;

  const pitr = ok('describe-continuous-backups', '--table-name', 'CliPlane');
  assert.equal(pitr.ContinuousBackupsDescription.ContinuousBackupsStatus, 'ENABLED');
  assert.equal(pitr.ContinuousBackupsDescription.PointInTimeRecoveryDescription
    .PointInTimeRecoveryStatus, 'DISABLED');
  const enabled = ok('update-continuous-backups', '--table-name', 'CliPlane',
                     '--point-in-time-recovery-specification', 'PointInTimeRecoveryEnabled=true');
  assert.equal(enabled.ContinuousBackupsDescription.PointInTimeRecoveryDescription
    .PointInTimeRecoveryStatus, 'ENABLED');

  const limits = ok('describe-limits');
  assert.ok(limits.TableMaxReadCapacityUnits > 0);
  assert.ok(ok('describe-endpoints').Endpoints.length >= 1);

  const backup = ok('create-backup', '--table-name', 'CliPlane', '--backup-name', 'nightly')
    .BackupDetails;
  assert.equal(backup.BackupName, 'nightly');
  assert.equal(ok('describe-backup', '--backup-arn', backup.BackupArn).BackupDescription
    .BackupDetails.BackupArn, backup.BackupArn);
  assert.ok(ok('list-backups').BackupSummaries.some((b) => b.BackupArn === backup.BackupArn));
  ok('restore-table-from-backup', '--target-table-name', 'CliPlaneRestored',
     '--backup-arn', backup.BackupArn);
  const restored = ok('get-item', '--table-name', 'CliPlaneRestored', '--key',
                      JSON.stringify({ PK: { S: 'kept' } }));
  assert.equal(restored.Item.PK.S, 'kept', 'the restored table holds the backed-up item');
  ok('delete-backup', '--backup-arn', backup.BackupArn);

  assert.equal(ok('describe-contributor-insights', '--table-name', 'CliPlane')
    .ContributorInsightsStatus, 'DISABLED');
  ok('update-contributor-insights', '--table-name', 'CliPlane',
     '--contributor-insights-action', 'ENABLE');
  assert.ok(Array.isArray(ok('list-contributor-insights').ContributorInsightsSummaries));
  assert.deepEqual(ok('describe-kinesis-streaming-destination', '--table-name', 'CliPlane')
    .KinesisDataStreamDestinations, []);

  const policy = JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::111122223333:root' },
                  Action: 'dynamodb:GetItem', Resource: arn }],
  });
  const put = ok('put-resource-policy', '--resource-arn', arn, '--policy', policy);
  assert.ok(put.RevisionId);
  assert.equal(JSON.parse(ok('get-resource-policy', '--resource-arn', arn).Policy)
    .Statement[0].Action, 'dynamodb:GetItem');
  ok('delete-resource-policy', '--resource-arn', arn);
  const gone = aws('get-resource-policy', '--resource-arn', arn);
  assert.notEqual(gone.status, 0);
  assert.match(gone.stderr, /PolicyNotFoundException/);

  assert.deepEqual(ok('list-imports').ImportSummaryList ?? [], []);
  assert.deepEqual(ok('list-exports').ExportSummaries ?? [], []);
});
