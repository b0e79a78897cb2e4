import { benchStartup } from "./startup";

// Each benchmark prints a table; their latest figures go in the README.
await benchStartup();
