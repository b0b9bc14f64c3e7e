import ReMVVM

struct ListViewState: Equatable {
    struct Row: Equatable {
        let title: String
        let minutes: Int
        let attendees: Int
        let theme: Theme
    }

    let rows: [Row]
}

enum ListEvent {
    case add
    case open(index: Int)
}

typealias ListViewModel = ScreenViewModel<ListViewState, ListEvent>

extension ScreenViewModel where ViewState == ListViewState, Event == ListEvent {
    convenience init?(store: Store<AppState>, entry: Int) {
        self.init(
            store: store, entry: entry,
            state: { state in
                ListViewState(
                    rows: state.series.map {
                        .init(
                            title: $0.title, minutes: $0.duration.minutes, attendees: $0.attendees.count,
                            theme: $0.theme)
                    })
            },
            send: { [weak store] event, _ in
                switch event {
                case .add: return NewSeries()
                case .open(let index):
                    guard let series = store?.state.series, series.indices.contains(index) else { return nil }
                    return NavigationAction.push(Screen.detail(series[index].id))
                }
            })
    }
}

extension Duration {
    /// The whole minutes.
    var minutes: Int { Int(components.seconds / 60) }
}
