import { AsyncLocalStorage } from 'node:async_hooks';
import diagnosticsChannel from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

/**
 * TCP_NODELAY on the sockets the Neo4j driver opens for this adapter's calls.
 *
 * neo4j-driver (5.28) leaves Nagle's algorithm on and writes a Bolt message in chunks of its
 * 1,400-byte buffer: a RUN whose statement and parameters are larger (a restricted reader's
 * statement with the scope's row rule, a list of 100 cities, is about 2 to 3 KB) goes out in two
 * writes, and the second waits for the server's delayed ACK, about 40 ms on Linux, on every
 * statement. Measured on Neo4j 3.5 at 100,000 nodes: a statement that runs in 2 ms took 45 to
 * 60 ms with a 2 KB parameter, 3 ms with TCP_NODELAY. The driver has no option for it (the
 * Python driver sets it since 5.27), so the socket is configured when Node creates it
 * ('net.client.socket' diagnostics channel), only for sockets created inside an adapter call
 * (other clients of the process are left alone). TLS connections (bolt+s) do not pass through
 * that channel and keep the driver's default.
 */
const adapterCalls = new AsyncLocalStorage<true>();
let subscribed = false;

function onClientSocket(message: unknown): void {
  if (adapterCalls.getStore() !== true) return;
  const socket = (message as { socket?: Socket } | undefined)?.socket;
  if (socket && typeof socket.setNoDelay === 'function') socket.setNoDelay(true);
}

/** Runs `work` so that a driver connection it opens gets TCP_NODELAY. */
export function withNoDelaySockets<T>(work: () => Promise<T>): Promise<T> {
  if (!subscribed) {
    diagnosticsChannel.subscribe('net.client.socket', onClientSocket);
    subscribed = true;
  }
  return adapterCalls.run(true, work);
}
