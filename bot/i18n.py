"""Commands in English and Chinese: zh-CN / zh-TW clients see Chinese names (/牌桌 开桌) and descriptions;
everyone else the English ones."""

from __future__ import annotations

import discord
from discord import app_commands

ZH = {
    "Hunan card tables": "湖南牌桌",
    "Open a table in this channel": "在本频道开一张牌桌",
    "Game variant": "玩法",
    "Room options, e.g. hands=4 bot.timer=30": "房间选项，例如 hands=4 bot.timer=30",
    "Join the table in this channel": "加入本频道的牌桌",
    "Leave the table (AI takes over mid-match)": "离开牌桌（开局后由电脑托管）",
    "Add an AI player": "添加电脑玩家",
    "Start the match (host)": "开始比赛（房主）",
    "End the table (host, manager, or majority vote)": "结束牌桌（房主、管理员或过半数投票解散）",
    "Show my hand privately": "私下查看我的手牌",
    "Rules of a variant": "玩法规则",
    "Hand calculator": "算分器",
    "Cards in hand (e.g. 一二三四 or 123m456p), or the whole JSON input": "手牌（如 一二三四 或 123m456p），或完整的 JSON 输入",
    "Winning card": "胡的那张牌",
    "Where the winning card came from": "胡牌来源",
    "Melds on the table, e.g. 碰一 偎三 or 碰5m 暗杠7p": "桌面上的门子/副露，如 碰一 偎三 或 碰5m 暗杠7p",
    "Situation: 庄 海底 首张 未进张 杠上": "情形：庄 海底 首张 未进张 杠上",
    "Room options, e.g. mingtang=honghei chongtun=2": "房间选项，如 mingtang=honghei chongtun=2",
    "Leaderboard of this server": "本服务器排行榜",
    "Period": "时间范围",
    "A player's statistics": "玩家战绩",
    "Player (default: you)": "玩家（默认自己）",
    "Recent hands here, or replay one": "本频道最近的牌局，或回放一局",
    "Hand id to replay": "要回放的牌局编号",
    "all time": "全部",
    "this month": "本月",
}


# Command and group names: lower case, no spaces (Discord's rule for names in every language).
NAMES_ZH = {
    "table": "牌桌", "create": "开桌", "join": "加入", "leave": "离开", "ai": "电脑", "start": "开始", "end": "结束",
    "hand": "手牌", "rules": "规则", "calc": "算分", "leaderboard": "排行榜", "stats": "战绩", "history": "回放",
}
_NAME_LOCATIONS = (app_commands.TranslationContextLocation.command_name,
                   app_commands.TranslationContextLocation.group_name)


class ChineseTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale not in (discord.Locale.chinese, discord.Locale.taiwan_chinese):
            return None
        if context.location in _NAME_LOCATIONS:
            return NAMES_ZH.get(string.message)
        return ZH.get(string.message)


def t(text: str) -> app_commands.locale_str:
    """Mark a description for translation (English is the default Discord shows)."""
    return app_commands.locale_str(text)
