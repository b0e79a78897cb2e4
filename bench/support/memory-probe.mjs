// Loaded with `node --import` into a server the memory bench starts: answers "memory" on the IPC
// channel with process.memoryUsage() of that server (after a full collection when node runs with
// --expose-gc, the bench's diagnostic mode). It changes nothing else in the server it rides in.
process.channel?.unref();
process.on("message", (message) => {
  if (message !== "memory") return;
  globalThis.gc?.();
  process.send?.(process.memoryUsage());
});
