// Hosts that belong to sites served beside the platform (node sites: `{name}.{BASE_DOMAIN}` and their
// test twins `{name}.t.{BASE_DOMAIN}`) rather than to the platform itself. A module that serves such
// sites hands the request gate a SiteHostHandler (useSiteHosts); the gate then never reads the
// platform's session on a site host and never sets the platform's cookies there: the handler answers
// the request (a page, a refusal) or lets one of the calls a site may make through with the site's own
// session. Without a handler every host is the platform's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestSession } from './session';

/** The site a request's host names. */
export type SiteAddress = {
  /** The label before the base domain (a node domain), '' when the host names no possible site. */
  readonly name: string;
  /** The test twin (`{name}.t.{base}`). */
  readonly test: boolean;
};

/** What the handler decided: it answered, or the route runs with this session (null: a visitor). */
export type SiteEntry = { answered: true } | { answered: false; session: RequestSession | null };

export interface SiteHostHandler {
  /** The site a request's host names, or null for the platform's own host. No I/O: runs on every request. */
  siteOf(request: FastifyRequest): SiteAddress | null;
  /** The same from a Host header's value (the visitor lane asks before Fastify has a request). */
  siteOfHost(host: string): SiteAddress | null;
  /**
   * A request on a site host, before any handler of the platform runs: answers it or lets it through
   * (throwing answers the error envelope). Only the site's own credentials may be read here.
   */
  enter(request: FastifyRequest, reply: FastifyReply, site: SiteAddress): Promise<SiteEntry>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The handler of site hosts (set by the module that serves node sites), or null. */
    siteHosts: SiteHostHandler | null;
  }
  interface FastifyRequest {
    /** The site this request's host names; null on the platform's own host. */
    site: SiteAddress | null;
  }
  interface FastifyContextConfig {
    /** A route of the sites themselves (the sign-in callback, their own calls), served on site hosts. */
    siteRoute?: boolean;
    /** A public, cookie-less route of the platform that node sites serve too (published images). */
    alsoOnSites?: boolean;
  }
}

/** Route option of a site's own routes: `app.get(url, { config: siteRoute, schema }, handler)`. */
export const siteRoute = { siteRoute: true } as const;

/** Route option of a public platform route that node sites may answer as well (their pages show it). */
export const alsoOnSites = { alsoOnSites: true } as const;

/** Installs the one handler of site hosts; a second one is a mistake in the module list. */
export function useSiteHosts(app: FastifyInstance, handler: SiteHostHandler): void {
  if (app.siteHosts) throw new Error('site hosts already have a handler');
  app.siteHosts = handler;
}
