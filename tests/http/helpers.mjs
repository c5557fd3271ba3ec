// Shared helpers of the HTTP tests: start `monotable serve` on a free port bound to 127.0.0.1,
// stop it by its pid, and build AWS SDK v3 clients and raw requests pointed at it.
//
// The binary is $MONOTABLE_BIN, else build/cli/monotable under the repository root
// (tests/scripts/http.sh builds it and sets the variable).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function monotableBinary() {
  const bin = process.env.MONOTABLE_BIN || path.join(repoRoot, 'build', 'cli', 'monotable');
  if (!existsSync(bin)) {
    throw new Error(`monotable binary not found at ${bin} (build it, or set MONOTABLE_BIN)`);
  }
  return bin;
}

// Starts `monotable serve --port 0` with extra arguments; resolves to
// { endpoint, port, pid, stop(), stderr() } once the server prints its URL.
export function startServer(extraArgs = []) {
  const bin = monotableBinary();
  const child = spawn(bin, ['serve', '--port', '0', '--host', '127.0.0.1', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`monotable serve did not start in 10 s; stderr:\n${stderr}`));
    }, 10000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`monotable serve exited early (${code ?? signal}); stderr:\n${stderr}`));
    });
    child.stdout.on('data', (d) => {
      stdout += d;
      const m = stdout.match(/listening on (http:\/\/127\.0\.0\.1:(\d+))/);
      if (!m) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const exited = new Promise((done) => child.on('exit', (code, signal) => done({ code, signal })));
      resolve({
        endpoint: m[1],
        port: Number(m[2]),
        pid: child.pid,
        stderr: () => stderr,
        exited,
        clients: [],
        // Stops this server by its own pid (SIGTERM, a clean shutdown); SIGKILL after 5 s.
        // Closes the SDK clients made for it first: the server waits for idle keep-alive
        // connections to time out before it exits.
        async stop() {
          for (const c of this.clients) c.destroy();
          if (child.exitCode !== null || child.signalCode !== null) return exited;
          process.kill(child.pid, 'SIGTERM');
          const timeout = setTimeout(() => process.kill(child.pid, 'SIGKILL'), 5000);
          const result = await exited;
          clearTimeout(timeout);
          return result;
        },
      });
    });
  });
}

// An SDK v3 client for the server: any credentials work (signatures are not verified); one attempt
// so that a wrong answer fails the test instead of being retried.
export function client(server) {
  const c = new DynamoDBClient({
    endpoint: server.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDMONOTABLE', secretAccessKey: 'monotable-secret' },
    maxAttempts: 1,
  });
  server.clients?.push(c);
  return c;
}

// A signed-looking header set for raw requests (monotable checks only that an AWS4 Authorization
// header is present, as DynamoDB does before it verifies the signature).
export const fakeAuth =
  'AWS4-HMAC-SHA256 Credential=AKIDMONOTABLE/20240101/us-east-1/dynamodb/aws4_request, ' +
  'SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000';

// POSTs `body` (object or string) as operation `operation` with raw fetch; returns
// { status, headers, text, json }.
export async function rawRequest(server, operation, body, headers = {}) {
  const res = await fetch(server.endpoint + '/', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.0',
      'X-Amz-Target': `DynamoDB_20120810.${operation}`,
      'X-Amz-Date': '20240101T000000Z',
      Authorization: fakeAuth,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try { json = JSON.parse(text); } catch { json = undefined; }
  return { status: res.status, headers: res.headers, text, json };
}

// Runs `fn` and returns the error it throws (fails if it does not throw).
export async function rejection(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the request to fail, but it succeeded');
}

// Attribute-value helpers.
export const S = (s) => ({ S: s });
export const N = (n) => ({ N: String(n) });

// SDK output as plain JSON data: drops members the SDK sets to undefined, so deepEqual compares
// what DynamoDB sent. Binary values (Uint8Array) become base64 strings for comparison.
export function plain(value) {
  return JSON.parse(JSON.stringify(value ?? null, (k, v) =>
    v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));
}

// The TableName and CapacityUnits of a ConsumedCapacity (or of each in an array): the fields every
// DynamoDB response carries; newer responses may add Read/WriteCapacityUnits beside them.
export function units(consumed) {
  const pick = (c) => ({ TableName: c.TableName, CapacityUnits: c.CapacityUnits });
  return Array.isArray(consumed) ? consumed.map(pick) : pick(consumed);
}

// CRC-32 as zlib computes it (node:zlib has crc32 only from Node 20.15).
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
