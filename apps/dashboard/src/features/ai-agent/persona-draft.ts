import type { AiAgent, ResponseLength, ResponseTone } from "@harbor/contract/ai-agent";
import type { SaveAiAgentRequest } from "./api/save-ai-agent";

/** The Persona page's form: the two JSON parts of the save call, without the server-set thumbnail. */
export type PersonaDraft = {
  persona: {
    name: string;
    designation: string;
    characteristics: string;
    responseTone: ResponseTone;
    responseLength: ResponseLength;
  };
  company: { name: string; description: string; industry: string };
};

/** Built key by key, so a draft compares equal to the agent it came from whatever order the server sent. */
export function personaDraftFrom({ persona, company }: AiAgent): PersonaDraft {
  return {
    persona: {
      name: persona.name,
      designation: persona.designation,
      characteristics: persona.characteristics,
      responseTone: persona.responseTone,
      responseLength: persona.responseLength,
    },
    company: { name: company.name, description: company.description, industry: company.industry },
  };
}

export function toSavePersonaRequest(draft: PersonaDraft, picture: File | null): SaveAiAgentRequest {
  const { persona, company } = draft;
  return {
    persona: {
      name: persona.name.trim(),
      designation: persona.designation.trim(),
      characteristics: persona.characteristics.trim(),
      responseTone: persona.responseTone,
      responseLength: persona.responseLength,
    },
    company: { name: company.name.trim(), description: company.description.trim(), industry: company.industry.trim() },
    picture,
  };
}
