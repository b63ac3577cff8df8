/* topics.c - which body type a payload holds, by topic: the tables of spec/envelope.md
 * ENV-BODY-002, kept apart from the generic body conversion of body.c. */
#include <string.h>

#include "body.h"

typedef struct {
    const char *topic, *type;
} TopicType;

static const char *const publish_topics[] = {
    "ppMsgP", "ppMsgN", "ppMsgS", "pdMsgP", "pdMsgS", "pgMsgP", "pgMsgN", "pgMsgS", "chatMsg", "chatMsgS",
    "pcMsgP", "pcMsgS", "pcuMsgP", "pbMsgP", "pbMsgS", "pmcMsgN", "pmcMsgS", "pmpMsgN", "pmpMsgS", "ugMsg",
    "prMsgP", "prMsgS", "recallMsg",
};

/* Client PUBLISHes whose body is not a message: the RTC plugin's data writes; 5.x's ultra-group
 * typing and read state; and engine 5.2.1's PUBLISH forms of three ultra-group QUERYs. */
static const TopicType publish_bodies[] = {
    {"rtcUDel", "RtcKeyDeleteInput"}, {"rtcSetData", "RtcSetDataInput"}, {"userSetData", "RtcUserSetDataInput"},
    {"rtcDelData", "RtcDataInput"}, {"rtcSetOutData", "RtcSetOutDataInput"}, {"operate", "OperateStatus"},
    {"updUgRTime", "SessionMsgReadInput"}, {"modifyMsg", "MsgChangeReq"}, {"upMsgEx", "MsgChangeReq"},
    {"qryMsgChange", "QueryMsgChange"},
};

/* Server PUBLISHes whose body is neither a message nor a notice: 5.x's ultra-group typing notice,
 * and the read state a user's other device set (a sync PUBLISH). */
static const TopicType server_publish_bodies[] = {
    {"s_msg", "DownStreamMessage"}, {"s_ntf", "NotifyMsg"}, {"s_cmd", "NotifyMsg"}, {"s_us", "UserSettingNotification"},
    {"rtc_ntf", "RtcNotifyMsg"}, {"s_opNtf", "OperateStatusNotify"}, {"updUgRTime", "SessionMsgReadInput"},
};

static const TopicType query_requests[] = {
    {"pullMsg", "SyncRequestMsg"}, {"chrmPull", "ChrmPullMsg"}, {"setKV", "SetChrmKV"}, {"delKV", "SetChrmKV"},
    {"pullKV", "QueryChrmKV"}, {"qryPMsg", "HistoryMsgInput"}, {"qryDMsg", "HistoryMsgInput"},
    {"qryGMsg", "HistoryMsgInput"}, {"qryCHMsg", "HistoryMsgInput"}, {"qryCMsg", "HistoryMsgInput"},
    {"qrySMsg", "HistoryMsgInput"}, {"qryMCMsg", "HistoryMsgInput"}, {"qryMPMsg", "HistoryMsgInput"},
    {"qryUgMsg", "HistoryMsgInput"}, {"qryRelation", "RelationsInput"}, {"qryRelationR", "RelationQryInput"},
    {"delRelation", "RelationQryInput"}, {"qrySessions", "RelationQryInput"}, {"delMsg", "DeleteMsgInput"},
    {"cleanPMsg", "CleanHisMsgInput"}, {"cleanDMsg", "CleanHisMsgInput"}, {"cleanGMsg", "CleanHisMsgInput"},
    {"cleanCMsg", "CleanHisMsgInput"}, {"cleanSMsg", "CleanHisMsgInput"}, {"joinChrm", "ChrmInput"},
    {"joinChrmR", "ChrmInput"}, {"exitChrm", "ChrmInput"}, {"queryChrmI", "QueryChatRoomInfoInput"},
    {"pullSeAtts", "SessionReq"}, {"setSeAtt", "SessionStateModifyReq"}, {"qrySessionsAtt", "SessionsAttQryInput"},
    {"delSessions", "DeleteSessionsInput"}, {"updRRTime", "SessionMsgReadInput"}, {"pullUS", "PullUserSettingInput"},
    {"qnTkn", "GetQNupTokenInput"}, {"qnUrl", "GetQNdownloadUrlInput"}, {"rtcRJoin_data", "RtcInput"},
    {"rtcRExit", "SetUserStatusInput"}, {"rtcPing", "RtcInput"}, {"rtcRInfo", "RtcQueryListInput"},
    {"rtcUData", "RtcQueryListInput"}, {"rtcUPut", "RtcValueInfo"}, {"rtcQryData", "RtcDataInput"},
    {"rtcToken", "RtcInput"}, {"rtcUserState", "MCFollowInput"}, {"rtcUList", "RtcQueryListInput"},
    {"rtcQryUserOutData", "RtcQryUserOutDataInput"}, {"userSetData", "RtcUserSetDataInput"},
    {"viewerJoinR", "RtcInput"}, {"viewerExitR", "SetUserStatusInput"}, {"rtcIdentityChange", "RtcInput"},
    {"rtcPullKv", "RtcPullKV"}, {"rtcQueryJoined", "RtcQueryUserJoinedInput"}, {"reportsdk", "ReportSDKInput"},
    {"setKVS", "SetChrmKVS"}, {"delKVS", "SetChrmKVS"}, {"rrMsg", "GrpReadReceiptMsg"},
    {"rrList", "GrpReadReceiptMsg"}, {"addSeTag", "SessionTagAddInput"}, {"delSeTag", "SessionTagDelInput"},
    {"addTag", "SessionStateModifyReq"}, {"delTag", "SessionStateModifyReq"}, {"aliUrl", "GetDownloadUrlInput"},
    {"s3Url", "GetDownloadUrlInput"}, {"stcUrl", "GetDownloadUrlInput"}, {"disTag", "SessionDisTagReq"},
    {"pullUgSes", "UltraGrpPullSes"}, {"pullUgMsg", "UltraGrpPullMsg"}, {"upMsgEx", "MsgChangeReq"},
    {"modifyMsg", "MsgChangeReq"}, {"qryMsgChange", "QueryMsgChange"}, {"qryMsg", "MsgQuery"},
    {"ugUnpushSet", "GroupUnpushSet"}, {"ugUnpushQuery", "GroupUnpushQuery"}, {"qryUgUal", "QryRemindListReq"},
    {"setRtcRoomId", "SetRtcRoomIdInput"},
};

static const TopicType query_responses[] = {
    {"pullMsg", "DownStreamMessages"}, {"chrmPull", "DownStreamMessages"}, {"pullKV", "ChrmKVOutput"},
    {"qryPMsg", "HistoryMsgOuput"}, {"qryDMsg", "HistoryMsgOuput"}, {"qryGMsg", "HistoryMsgOuput"},
    {"qryCHMsg", "HistoryMsgOuput"}, {"qryCMsg", "HistoryMsgOuput"}, {"qrySMsg", "HistoryMsgOuput"},
    {"qryMCMsg", "HistoryMsgOuput"}, {"qryMPMsg", "HistoryMsgOuput"}, {"qryUgMsg", "HistoryMsgOuput"},
    {"qryRelation", "RelationsOutput"}, {"qryRelationR", "RelationsOutput"}, {"qrySessions", "RelationsOutput"},
    {"joinChrm", "ChrmOutput"}, {"joinChrmR", "ChrmOutput"}, {"queryChrmI", "QueryChatRoomInfoOutput"},
    {"pullSeAtts", "SessionStates"}, {"setSeAtt", "SessionStateModifyResp"}, {"qrySessionsAtt", "SessionsAttOutput"},
    {"delSessions", "DeleteSessionsOutput"}, {"updRRTime", "SessionMsgReadOutput"},
    {"pullUS", "PullUserSettingOutput"}, {"qnTkn", "GetQNupTokenOutput"}, {"qnUrl", "GetQNdownloadUrlOutput"},
    {"rtcRJoin_data", "RtcUserListOutput"}, {"rtcRInfo", "RtcRoomInfoOutput"}, {"rtcUData", "RtcUserListOutput"},
    {"rtcQryData", "RtcQryOutput"}, {"rtcToken", "RtcTokenOutput"}, {"rtcUList", "RtcUserListOutput"},
    {"rtcQryUserOutData", "RtcUserOutDataOutput"}, {"viewerJoinR", "RtcTokenOutput"},
    {"rtcIdentityChange", "RtcUserListOutput"}, {"rtcPullKv", "RtcKVOutput"},
    {"rtcQueryJoined", "RtcQueryUserJoinedOutput"}, {"reportsdk", "ReportSDKOutput"}, {"setKVS", "ChrmKVSOutput"},
    {"delKVS", "ChrmKVSOutput"}, {"rrList", "GrpReadReceiptQryResp"}, {"addSeTag", "SetUserSettingOutput"},
    {"delSeTag", "SetUserSettingOutput"}, {"aliUrl", "GetDownloadUrlOutput"}, {"s3Url", "GetDownloadUrlOutput"},
    {"stcUrl", "GetDownloadUrlOutput"}, {"pullUgSes", "RelationsOutput"}, {"pullUgMsg", "DownStreamMessages"},
    {"qryMsgChange", "MsgChangeList"}, {"qryMsg", "MsgQueryAck"}, {"ugUnpushQuery", "GroupUnpushResult"},
    {"qryUgUal", "QryRemindListResp"},
};

static int topic_is(const char *topic, size_t len, const char *name) {
    return strlen(name) == len && memcmp(topic, name, len) == 0;
}

static const ProtobufCMessageDescriptor *lookup(const TopicType *t, size_t n, const char *topic, size_t len) {
    size_t i;
    for (i = 0; i < n; i++)
        if (topic_is(topic, len, t[i].topic)) return body_type(t[i].type, strlen(t[i].type));
    return NULL;
}

static int is_publish_topic(const char *topic, size_t len) {
    size_t i;
    for (i = 0; i < sizeof publish_topics / sizeof publish_topics[0]; i++)
        if (topic_is(topic, len, publish_topics[i])) return 1;
    return 0;
}

const ProtobufCMessageDescriptor *body_for_client_publish(const char *topic, size_t len) {
    if (is_publish_topic(topic, len)) return body_type("UpStreamMessage", 15);
    return lookup(publish_bodies, sizeof publish_bodies / sizeof publish_bodies[0], topic, len);
}

const ProtobufCMessageDescriptor *body_for_server_publish(const char *topic, size_t len) {
    const ProtobufCMessageDescriptor *d =
        lookup(server_publish_bodies, sizeof server_publish_bodies / sizeof server_publish_bodies[0], topic, len);
    if (d) return d;
    /* The user's own message echoed from another device: a publish topic (never an RTC body). */
    return is_publish_topic(topic, len) ? body_type("UpStreamMessage", 15) : NULL;
}

const ProtobufCMessageDescriptor *body_for_query(const char *topic, size_t len) {
    return lookup(query_requests, sizeof query_requests / sizeof query_requests[0], topic, len);
}

const ProtobufCMessageDescriptor *body_for_query_ack(const char *query_topic, size_t len) {
    return lookup(query_responses, sizeof query_responses / sizeof query_responses[0], query_topic, len);
}
