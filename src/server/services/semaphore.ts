/**
 * At most `limit` holders at a time; the rest wait in FIFO order. Bounds how many multipart uploads
 * are parsed at once (memory stays flat under a burst; a waiting request's body stays unread in the
 * socket) and how many password hashes run on libuv's threads at once.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
