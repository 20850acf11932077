import type { OpenAPIV3_1 } from "openapi-types";
import { json } from "./api";

// What /openapi.json says each operation answers, for tests that hold the API's answers to it:
// its success status and, under each error status, the codes it names
// (responses[status].content["application/json"].schema.allOf[1].properties.error.properties.code.enum).

/** The documented answers of one operation. */
export interface Documented {
  /** The 2xx it answers on success. */
  success: number;
  /** Each error status, with the codes listed under it. */
  errors: Map<number, string[]>;
  /** A GET, which may answer 304 to If-None-Match. */
  read: boolean;
}

type ErrorSchema = { allOf?: [unknown, { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } }] };

/** Every operation of the served document by "METHOD /path", paths as OpenAPI writes them. */
export async function documentedAnswers(): Promise<Map<string, Documented>> {
  const document = await json<OpenAPIV3_1.Document>("GET", "/openapi.json");
  const operations = new Map<string, Documented>();
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const [method, op] of Object.entries(item ?? {})) {
      const responses = (op as OpenAPIV3_1.OperationObject).responses ?? {};
      const statuses = Object.keys(responses).map(Number);
      const errors = new Map<number, string[]>();
      for (const status of statuses.filter((s) => s >= 400)) {
        const schema = (responses[status] as OpenAPIV3_1.ResponseObject).content?.["application/json"]?.schema;
        errors.set(
          status,
          (schema as ErrorSchema | undefined)?.allOf?.[1].properties?.error?.properties?.code?.enum ?? [],
        );
      }
      operations.set(`${method.toUpperCase()} ${path}`, {
        success: statuses.find((s) => s >= 200 && s < 300) ?? NaN,
        errors,
        read: method === "get",
      });
    }
  return operations;
}

/**
 * Why `res` is not an answer the document gives `route`, or null when it is one: a 2xx must be its
 * success status (a GET may answer 304), an error a status it lists with a code listed under it.
 * Reads a clone of the body.
 */
export async function undocumented(
  contract: Map<string, Documented>,
  route: string,
  res: Response,
): Promise<string | null> {
  const documented = contract.get(route);
  if (!documented) return `${route} is not in /openapi.json`;
  const { status } = res;
  if (status === documented.success || (status === 304 && documented.read)) return null;
  const text = await res.clone().text();
  if (status < 400) return `${status} is not its success answer ${documented.success}: ${text.slice(0, 200)}`;
  let code: unknown;
  try {
    code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return `${status} without the error body: ${text.slice(0, 200)}`;
  }
  const codes = documented.errors.get(status);
  if (!codes) return `${status} ${String(code)} is not listed (it lists ${[...documented.errors.keys()].join(", ")})`;
  if (typeof code !== "string" || !codes.includes(code))
    return `${status} ${String(code)} is not listed under ${status} (${codes.join(", ")}): ${text.slice(0, 200)}`;
  return null;
}
