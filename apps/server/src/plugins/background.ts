import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
  }
}

export interface BackgroundTasks {
  /** Runs work after the answer is sent; a failure is logged, never thrown at the client. */
  run(name: string, work: () => Promise<void>): void;
  /** Resolves when every started task has finished (used at close and by tests). */
  drain(): Promise<void>;
}

/** Work a call starts but does not wait for, e.g. the forgot-password mail, so timing reveals nothing. */
export default fp(
  async (app) => {
    const running = new Set<Promise<void>>();
    const tasks: BackgroundTasks = {
      run(name, work) {
        const task = Promise.resolve()
          .then(work)
          .catch((error: unknown) => app.log.error({ err: error, task: name }, 'background task failed'))
          .finally(() => running.delete(task));
        running.add(task);
      },
      async drain() {
        while (running.size > 0) await Promise.all(running);
      },
    };
    app.decorate('background', tasks);
    app.addHook('onClose', () => tasks.drain());
  },
  { name: 'background' },
);
