import {
  formatApiDate,
  type ApiToken,
  type CommentView,
  type AttachmentView,
  type Category,
  type Forum,
  type Post,
  type PostView,
  type PostComment,
  type BotQuestionView,
  type GroupView,
  type Organization,
  type OutboxMessage,
  type Request,
  type Rule,
  type RuleKind,
  type Ticket,
  type User,
  type View,
  type Webhook,
  chatMessageSchema,
  type Chat,
  type ChatMessage,
  type Question,
  type QuestionComment,
  type Topic,
  type OAuthClient,
  type PostVote,
} from "@helpdesk/core";
import { fieldName, type FieldDefinition, type FieldKind } from "@helpdesk/core";
import type { ResourceUrls } from "./resource-urls";
import { timestampKeys, wireViews } from "./wire-views";

/**
 * A domain object with its timestamp fields as API date strings. Which number
 * fields are timestamps is known from the schema at run time only, so the type
 * lets any number field be a string; the serializer's schema is the exact one.
 */
type WithApiDates<T> = { [K in keyof T]: [Extract<T[K], number>] extends [never] ? T[K] : T[K] | string };

/** Returns a function that copies an object with the given epoch-ms fields formatted; the keys are found once. */
function dateFormatter<T extends object>(keys: readonly string[]): (value: T) => WithApiDates<T> {
  return (value) => {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of keys) {
      const ms = out[key];
      if (typeof ms === "number") out[key] = formatApiDate(ms);
    }
    return out as WithApiDates<T>;
  };
}

const ticketDates = dateFormatter<Ticket>(timestampKeys(wireViews.ticket));
const userDates = dateFormatter<User>(timestampKeys(wireViews.user));
const groupDates = dateFormatter<GroupView>(timestampKeys(wireViews.group));
const organizationDates = dateFormatter<Organization>(timestampKeys(wireViews.organization));
const commentDates = dateFormatter<CommentView>(timestampKeys(wireViews.comment));
const apiTokenDates = dateFormatter<ApiToken>(timestampKeys(wireViews.apiToken));
const ruleDates = dateFormatter<Rule>(timestampKeys(wireViews.rule));
const webhookDates = dateFormatter<Webhook>(timestampKeys(wireViews.webhook));
const outboxDates = dateFormatter<OutboxMessage>(timestampKeys(wireViews.outboxMessage));
const viewDates = dateFormatter<Omit<View, "sla_id">>(timestampKeys(wireViews.view));
const categoryDates = dateFormatter<Category>(timestampKeys(wireViews.category));
const forumDates = dateFormatter<Forum>(timestampKeys(wireViews.forum));
const postDates = dateFormatter<Post>(timestampKeys(wireViews.post));
const postCommentDates = dateFormatter<PostComment>(timestampKeys(wireViews.postComment));
const botQuestionDates = dateFormatter<BotQuestionView>(timestampKeys(wireViews.botQuestion));
const oauthClientDates = dateFormatter<OAuthClient>(timestampKeys(wireViews.oauthClient));
const postVoteDates = dateFormatter<PostVote>(timestampKeys(wireViews.postVote));

export function presentTicket(ticket: Ticket, urls: ResourceUrls) {
  return { ...ticketDates(ticket), url: urls.of("tickets", ticket.id) };
}

/** The full user; the end-user serializer drops what end users may not see. */
export function presentUser(user: User, urls: ResourceUrls) {
  return { ...userDates(user), url: urls.of("users", user.id) };
}

export function presentGroup(group: GroupView, urls: ResourceUrls) {
  return {
    ...groupDates(group),
    url: urls.of("groups", group.id),
    agents: group.agents.map((agent) => ({ ...agent, url: urls.of("users", agent.id) })),
  };
}

export function presentOrganization(organization: Organization, urls: ResourceUrls) {
  return { ...organizationDates(organization), url: urls.of("organizations", organization.id) };
}

/** A comment for agents or end users alike: the end-user serializer drops `public`. */
export function presentComment(comment: CommentView, urls: ResourceUrls) {
  return { ...commentDates(comment), attachments: comment.attachments.map((attachment) => presentAttachment(attachment, urls)) };
}

/** A token as listed, or as created with its secret `token` (kept by the spread). */
export function presentApiToken<T extends ApiToken>(token: T) {
  return { ...token, ...apiTokenDates(token) };
}

/** A trigger or an automation, addressed under its kind's plural. */
export function presentRule(rule: Rule, kind: RuleKind, urls: ResourceUrls) {
  return { ...ruleDates(rule), url: urls.of(kind === "trigger" ? "triggers" : "automations", rule.id) };
}

export function presentWebhook(webhook: Webhook, urls: ResourceUrls) {
  return { ...webhookDates(webhook), url: urls.of("webhooks", webhook.id) };
}

export function presentOutboxMessage(message: OutboxMessage) {
  return outboxDates(message);
}

const requestDates = dateFormatter<Request>(timestampKeys(wireViews.request));

/** A request, addressed under `/requests`. */
export function presentRequest(request: Request, urls: ResourceUrls) {
  return { ...requestDates(request), url: urls.of("requests", request.id) };
}

const fieldDates = dateFormatter<FieldDefinition>(timestampKeys(wireViews.field));

/** A ticket or user field definition, addressed under its kind's plural, named `field_<id>`. */
export function presentField(field: FieldDefinition, kind: FieldKind, urls: ResourceUrls) {
  return { ...fieldDates(field), url: urls.of(kind === "ticket" ? "ticket_fields" : "user_fields", field.id), name: fieldName(field.id) };
}

const topicDates = dateFormatter<Topic>(timestampKeys(wireViews.topic));
const questionDates = dateFormatter<Question>(timestampKeys(wireViews.question));
const questionCommentDates = dateFormatter<QuestionComment>(timestampKeys(wireViews.questionComment));
const chatDates = dateFormatter<Chat>(timestampKeys(wireViews.chat));
const chatMessageDates = dateFormatter<ChatMessage>(timestampKeys(chatMessageSchema));

export function presentTopic(topic: Topic, urls: ResourceUrls) {
  return { ...topicDates(topic), url: urls.of("topics", topic.id) };
}

export function presentQuestion(question: Question, urls: ResourceUrls) {
  return { ...questionDates(question), url: urls.of("questions", question.id) };
}

export function presentQuestionComment(comment: QuestionComment, urls: ResourceUrls) {
  return { ...questionCommentDates(comment), url: urls.of(`questions/${comment.question_id}/comments`, comment.id) };
}

/** A chat with its messages; `agent_id` as the string the spec types it as. */
export function presentChat(chat: Chat) {
  return {
    ...chatDates(chat),
    agent_id: chat.agent_id === null ? null : String(chat.agent_id),
    messages: chat.messages.map(chatMessageDates),
  };
}

/** A view; `slas_id` only when it is an SLA view. */
export function presentView(view: View, urls: ResourceUrls) {
  const { sla_id, ...rest } = view;
  return { ...viewDates(rest), url: urls.of("views", view.id), ...(sla_id === null ? {} : { slas_id: sla_id }) };
}

/** An attachment with its addresses; `token` only in the upload's own answer. */
export function presentAttachment(attachment: AttachmentView, urls: ResourceUrls, token: string | null = null) {
  return { ...attachment, url: urls.of("attachments", attachment.id), content_url: urls.attachmentContent(attachment.id), token };
}

export function presentCategory(category: Category, urls: ResourceUrls) {
  return { ...categoryDates(category), url: urls.of("categories", category.id) };
}

export function presentForum(forum: Forum, urls: ResourceUrls) {
  return { ...forumDates(forum), url: urls.of("forums", forum.id) };
}

/** A post, with its files as `uploads`. */
export function presentPost(post: PostView, urls: ResourceUrls) {
  return { ...postDates(post), url: urls.of("posts", post.id), uploads: post.uploads.map((attachment) => presentAttachment(attachment, urls)) };
}

/** A post comment, addressed under its post: `/apiv2/posts/{post_id}/comments/{id}.json`. */
export function presentPostComment(comment: PostComment, urls: ResourceUrls) {
  return { ...postCommentDates(comment), url: urls.of(`posts/${comment.post_id}/comments`, comment.id) };
}

/** A chat-bot question; groups (`{id, title}`) need no presenter. */
export function presentBotQuestion(question: BotQuestionView) {
  return botQuestionDates(question);
}

/** An OAuth client as listed, or as created with its secret `client_secret` (kept by the spread). */
export function presentOAuthClient<T extends OAuthClient>(client: T, urls: ResourceUrls) {
  return { ...client, ...oauthClientDates(client), url: urls.of("oauth/clients", client.id) };
}

/** A vote on a post; it has no address of its own. */
export function presentPostVote(vote: PostVote) {
  return postVoteDates(vote);
}
