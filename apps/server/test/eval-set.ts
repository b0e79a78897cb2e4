// The eval-set loader and its local help-centre site live in src/eval (the eval command uses them too).
export * from "../src/eval/eval-set";
