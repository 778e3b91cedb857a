// AWS Signature Version 4 for one POST with a JSON body: the canonical request, the string to sign and the
// derived key, as AWS documents them. Services other than S3 encode each path segment twice in the canonical URI.
import { createHash, createHmac } from "node:crypto";

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SignInput {
  url: URL;
  body: string;
  headers: Record<string, string>;
  credentials: AwsCredentials;
  region: string;
  service: string;
  now?: Date;
}

const sha256 = (data: string) => createHash("sha256").update(data, "utf8").digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The headers to add to the request: `x-amz-date`, `x-amz-security-token` when there is one, `authorization`. */
export function signRequest(input: SignInput): Record<string, string> {
  const { url, credentials, region, service } = input;
  const amzDate = (input.now ?? new Date()).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const date = amzDate.slice(0, 8);
  const payloadHash = sha256(input.body);
  const added: Record<string, string> = { "x-amz-date": amzDate, "x-amz-content-sha256": payloadHash };
  if (credentials.sessionToken) added["x-amz-security-token"] = credentials.sessionToken;
  const signed = new Map<string, string>([["host", url.host]]);
  for (const [name, value] of Object.entries({ ...input.headers, ...added })) signed.set(name.toLowerCase(), value.trim().replace(/\s+/g, " "));
  const names = [...signed.keys()].sort();
  const canonicalUri = url.pathname.split("/").map((segment) => uriEncode(decodeURIComponent(segment))).map(uriEncode).join("/");
  const query = [...url.searchParams.entries()].map(([key, value]) => `${uriEncode(key)}=${uriEncode(value)}`).sort().join("&");
  const canonicalRequest = ["POST", canonicalUri, query, ...names.map((name) => `${name}:${signed.get(name)}`), "", names.join(";"), payloadHash].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), service), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  added["authorization"] = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`;
  return added;
}
