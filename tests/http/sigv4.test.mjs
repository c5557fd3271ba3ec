// Our Signature Version 4 (cli/sigv4.cc, used by `monotable patterns --endpoint`) against the AWS
// SDK v3's own signer, @smithy/signature-v4: the same DynamoDB request, signed by both at the same
// instant, must carry the same Authorization header. `monotable serve` checks only that a
// signature is present, so this is what proves ours would pass real DynamoDB's check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@aws-crypto/sha256-js';
import { monotableBinary } from './helpers.mjs';

// Prints the headers monotable would send (hidden `sigv4-debug` subcommand), signing at `time`.
function monotableHeaders({ endpoint, operation, body, region, credentials, time }) {
  const env = { ...process.env, MONOTABLE_SIGV4_TIME: String(time) };
  for (const k of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_REGION',
    'AWS_DEFAULT_REGION']) delete env[k];
  if (credentials) {
    env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
    env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
    if (credentials.sessionToken) env.AWS_SESSION_TOKEN = credentials.sessionToken;
  }
  const args = ['sigv4-debug', '--endpoint', endpoint, '--operation', operation, '--body', body];
  if (region) args.push('--region', region);
  return JSON.parse(execFileSync(monotableBinary(), args, { env, encoding: 'utf8' }));
}

async function sdkAuthorization({ headers, body, region, credentials, time }) {
  const signer = new SignatureV4({
    credentials,
    region,
    service: 'dynamodb',
    sha256: Sha256,
    applyChecksum: false,
  });
  const unsigned = { ...headers };
  delete unsigned.authorization;
  const [hostname, port] = headers.host.split(':');
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'https:',
    hostname,
    port: port ? Number(port) : undefined,
    path: '/',
    query: {},
    headers: unsigned,
    body,
  }, { signingDate: new Date(time * 1000) });
  return signed.headers.authorization;
}

const cases = [
  {
    name: 'real DynamoDB host, long-term keys, a Query',
    endpoint: 'https://dynamodb.eu-west-1.amazonaws.com',
    operation: 'Query',
    body: JSON.stringify({
      TableName: 'Orders',
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': { S: 'C#c001' } },
      ReturnConsumedCapacity: 'INDEXES',
    }),
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    region: 'eu-west-1',
    time: 1440938160,
  },
  {
    name: 'temporary credentials (session token signed), non-ASCII body',
    endpoint: 'https://dynamodb.us-west-2.amazonaws.com/',
    operation: 'PutItem',
    body: JSON.stringify({ TableName: 'Café', Item: { PK: { S: 'naïve ☕ 𝄞' } } }),
    credentials: {
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret/with+symbols=',
      sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE//////////wEaCXVzLWVhc3QtMSJHMEUCIQ==',
    },
    region: 'us-west-2',
    time: 1767225600,  // 2026-01-01T00:00:00Z
  },
  {
    name: 'local endpoint with a port, dummy credentials, region flag',
    endpoint: 'http://127.0.0.1:8000',
    operation: 'BatchWriteItem',
    body: '{"RequestItems":{}}',
    credentials: null,
    region: 'ap-southeast-2',
    time: 4102444799,  // 2099-12-31T23:59:59Z: 64-bit time
  },
];

for (const c of cases) {
  test(`SigV4 matches @smithy/signature-v4: ${c.name}`, async () => {
    const out = monotableHeaders(c);
    const h = out.headers;
    assert.equal(out.region, c.region);
    assert.equal(h['x-amz-target'], `DynamoDB_20120810.${c.operation}`);
    assert.equal(h['content-type'], 'application/x-amz-json-1.0');
    assert.match(h['x-amz-date'], /^\d{8}T\d{6}Z$/);
    const credentials = c.credentials ?? { accessKeyId: 'monotable', secretAccessKey: 'monotable' };
    if (c.credentials?.sessionToken) assert.equal(h['x-amz-security-token'], c.credentials.sessionToken);
    const expected = await sdkAuthorization({ headers: h, body: c.body, region: c.region, credentials, time: c.time });
    assert.equal(h.authorization, expected);
  });
}

test('a different secret, body or time gives a different signature (the comparison is not vacuous)', async () => {
  const c = cases[0];
  const ours = monotableHeaders(c).headers.authorization;
  assert.notEqual(monotableHeaders({ ...c, body: c.body + ' ' }).headers.authorization, ours);
  assert.notEqual(monotableHeaders({ ...c, time: c.time + 1 }).headers.authorization, ours);
  assert.notEqual(monotableHeaders({ ...c, credentials: { ...c.credentials, secretAccessKey: 'x' } })
    .headers.authorization, ours);
});
