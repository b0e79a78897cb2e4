import { benchKnowledgeRetrieval } from "./knowledge-retrieval";

await benchKnowledgeRetrieval({ documents: Number(process.argv[2]), otherCompanies: 1 });
