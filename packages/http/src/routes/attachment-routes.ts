import { singleEnvelope, itemSchemas } from "../json-schemas";
import { presentAttachment } from "../presenters";
import { EMPTY_OK, type RouteDefinition } from "./route";

const attachmentBody = () => singleEnvelope("attachment", itemSchemas.attachment());

/** The attachment API (spec section 4, Attachments), plus the download of a file's bytes at its `content_url`. */
export const attachmentRoutes: RouteDefinition[] = [
  {
    method: "POST",
    path: "/apiv2/attachments",
    streamsBody: true,
    responses: { 201: attachmentBody },
    async handle(ctx) {
      const { data, contentType } = ctx.bodyStream!;
      const { attachment, token } = await ctx.desk.attachments.upload({ filename: ctx.query.filename, contentType, data });
      const body = presentAttachment(attachment, ctx.urls, token);
      return { status: 201, body: { attachment: body }, location: body.url };
    },
  },
  {
    method: "GET",
    path: "/apiv2/attachments/:id",
    responses: { 200: attachmentBody },
    async handle(ctx) {
      return { status: 200, body: { attachment: presentAttachment(await ctx.desk.attachments.get(ctx.id), ctx.urls) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/attachments/:id/content",
    responses: { 200: null },
    async handle(ctx) {
      const { attachment, data } = await ctx.desk.attachments.download(ctx.id);
      return { status: 200, file: { data, size: attachment.size, contentType: attachment.content_type, filename: attachment.name } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/attachments/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.attachments.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
