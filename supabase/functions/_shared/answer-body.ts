// An HTTP answer's body as its caller reads it: JSON when it parses, else the text as sent (an error
// page, an empty body), so a caller can show what came back whatever it was.
export async function answerBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
