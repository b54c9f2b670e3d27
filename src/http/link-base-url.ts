import type { Request } from 'express';
import type { AppConfig } from '../config';

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]', '::0']);

/**
 * The URL of an instance listening on host:port, for people: a wildcard host reads 127.0.0.1,
 * an IPv6 address is bracketed.
 */
export function listenUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host.trim()) ? '127.0.0.1' : host.trim();
  return `http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`;
}

/**
 * The base of links this service sends out of band (password reset mails): server.baseUrl, or
 * when it is empty the listen address (server.host and the port this server accepted the
 * connection on). Never the request's Host, X-Forwarded-Host, X-Forwarded-Proto, Origin or any
 * other header: a client could otherwise have a victim's mail link to a host of its choosing.
 */
export function linkBaseUrl(config: AppConfig, req: Request): string {
  const configured = config.server.baseUrl.trim().replace(/\/+$/, '');
  if (configured) return configured;
  return listenUrl(config.server.host, req.socket.localPort ?? config.server.port);
}
