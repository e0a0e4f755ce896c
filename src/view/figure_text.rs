//! The words around a computed figure (its definition, why it is missing), in a language: shared
//! by the console's components and the markup the gateway writes.

use crate::figures::engagement::Missing;
use crate::format::{fill, Locale};

fn tr(locale: Locale, en: &'static str, ru: &'static str) -> &'static str {
    match locale {
        Locale::En => en,
        Locale::Ru => ru,
    }
}

/// The service's definition of ER, as the interface states it where the figure appears.
pub fn er_definition(locale: Locale) -> &'static str {
    tr(
        locale,
        "ER, engagement rate: (shares + comments + reactions) / views × 100%",
        "ER, вовлечённость: (репосты + комментарии + реакции) / просмотры × 100%",
    )
}

/// The service's definition of ERR.
pub fn err_definition(locale: Locale) -> &'static str {
    tr(
        locale,
        "ERR, reach rate: views / the channel's subscribers × 100%",
        "ERR, охват: просмотры / подписчики канала × 100%",
    )
}

/// Why a figure is missing, in the given language.
pub fn missing_text(locale: Locale, missing: Missing) -> String {
    match missing {
        Missing::NoViews => tr(locale, "No views to count from.", "Нет просмотров для расчёта.")
            .into(),
        Missing::NoSubscribers => tr(
                locale,
                "The channel's subscriber count is not known.",
                "Число подписчиков канала неизвестно.",
            )
            .into(),
        Missing::NoPosts => tr(locale, "No post counts here.", "Нет постов для расчёта.")
            .into(),
        Missing::NotYet { hours } => fill(
            tr(
                locale,
                "The view growth does not reach {n} hours yet.",
                "Рост просмотров ещё не дошёл до {n} часов.",
            ),
            &[("n", hours.to_string())],
        ),
        Missing::NoGrowth => tr(
                locale,
                "The answer has no hourly view growth.",
                "В ответе нет почасового роста просмотров.",
            )
            .into(),
        Missing::NoHistory { days } => fill(
            tr(
                locale,
                "The subscriber history does not reach {n} days back.",
                "История подписчиков не уходит на {n} дней назад.",
            ),
            &[("n", days.to_string())],
        ),
        Missing::NoPrice => tr(
                locale,
                "Type a price to compute CPM.",
                "Введите цену, чтобы рассчитать CPM.",
            )
            .into(),
        Missing::NoCounts { hours } => fill(
            tr(
                locale,
                "The subscriber counts do not cover these {n} hours.",
                "Данные о подписчиках не покрывают эти {n} ч.",
            ),
            &[("n", hours.to_string())],
        ),
        Missing::NoGain => tr(
                locale,
                "The channel gained no subscribers beyond its normal growth.",
                "Канал не получил подписчиков сверх обычного прироста.",
            )
            .into(),
        Missing::MixedCurrencies => tr(
                locale,
                "The prices are in different currencies.",
                "Цены указаны в разных валютах.",
            )
            .into(),
        Missing::NoDate => tr(
                locale,
                "No date: none was typed, and the post's statistics, which would give one, could not be read.",
                "Нет даты: её не ввели, а статистику поста, по которой она определяется, прочитать не удалось.",
            )
            .into(),
        Missing::NoNormal { hours } => fill(
            tr(
                locale,
                "The subscriber counts have no {n}-hour window clear of adverts to compare with.",
                "В данных о подписчиках нет окна в {n} ч без рекламы для сравнения.",
            ),
            &[("n", hours.to_string())],
        ),
        Missing::WithinNormal => within_normal(locale).into(),
        Missing::OfPlacement { placement } => fill(
            tr(
                locale,
                "Placement {n} has no figure here, and a total without it would understate the campaign.",
                "У размещения {n} здесь нет значения, а итог без него занизил бы кампанию.",
            ),
            &[("n", placement.to_string())],
        ),
    }
}

/// How a change within a channel's normal variation is named.
pub fn within_normal(locale: Locale) -> &'static str {
    tr(
        locale,
        "within normal variation",
        "в пределах обычных колебаний",
    )
}
