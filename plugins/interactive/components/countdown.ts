// Whole seconds left until something happens (the next retry), told once at the start and then every second
// until zero, as pi's retry indicator counts down.
export class Countdown {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(delayMs: number, onTick: (seconds: number) => void) {
    let seconds = Math.ceil(delayMs / 1000);
    onTick(seconds);
    if (seconds <= 0) return;
    this.timer = setInterval(() => {
      seconds--;
      onTick(seconds);
      if (seconds <= 0) this.stop();
    }, 1000);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
