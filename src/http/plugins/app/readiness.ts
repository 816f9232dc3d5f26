// The store check behind /readyz: shared by concurrent calls, remembered briefly, bounded in time,
// so a probe storm costs the database one query per interval and a hung database costs each
// caller at most the bound.
import fp from 'fastify-plugin';

export type BackendState = 'up' | 'down' | 'timeout';

/** How long one check's outcome answers every /readyz call. */
export const READINESS_CACHE_MS = 1_000;
/** Longest a check may take; past it the backend counts as not answering. */
export const READINESS_TIMEOUT_MS = 2_000;

export class BackendProbe {
  private current: Promise<BackendState> | undefined;
  private settledAt: number | undefined;
  private lastState: BackendState | undefined;

  /**
   * `lastSuccessAt` tells when anything else last reached the store: a remembered failure older
   * than that is stale (the store is back), so recovery shows at once rather than after the interval.
   */
  constructor(
    private readonly ping: () => Promise<void>,
    private readonly lastSuccessAt: () => number,
    /** The clock `lastSuccessAt` is read on. */
    private readonly now: () => number,
  ) {}

  state(): Promise<BackendState> {
    const settled = this.settledAt;
    const fresh =
      this.current &&
      (settled === undefined ||
        (this.now() - settled < READINESS_CACHE_MS && (this.lastState === 'up' || this.lastSuccessAt() <= settled)));
    if (fresh) return this.current!;
    this.settledAt = undefined;
    const check = this.checkOnce().then((state) => {
      if (this.current === check) {
        this.settledAt = this.now();
        this.lastState = state;
      }
      return state;
    });
    this.current = check;
    return check;
  }

  private checkOnce(): Promise<BackendState> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), READINESS_TIMEOUT_MS);
      // A ping that ends after the bound settles nothing: the check already answered.
      this.ping()
        .then(
          () => resolve('up'),
          () => resolve('down'),
        )
        .finally(() => clearTimeout(timer));
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The store check behind the readiness route. */
    backendProbe: BackendProbe;
  }
}

/** Decorates the app with one probe of the store the index service reads. */
export default fp(
  (app, _options, done) => {
    const service = app.indexService;
    app.decorate(
      'backendProbe',
      new BackendProbe(
        () => app.ports.handle.ping(),
        () => service.lastContactAt,
        service.now,
      ),
    );
    done();
  },
  { name: 'readiness', dependencies: ['api-context'] },
);
