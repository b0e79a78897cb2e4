// `npm run dev`: the API with reload on :3000 and the dashboard on Vite's dev server (which
// proxies /api to it). Ctrl-C stops both.
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "-w", "@harbor/server"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@harbor/dashboard"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", stop);
