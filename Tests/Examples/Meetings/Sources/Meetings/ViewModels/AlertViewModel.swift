import ReMVVM

struct AlertViewState: Equatable {
    let alert: AlertState<MeetingsAlert>
}

enum AlertEvent {
    case tap(index: Int)
}

typealias AlertViewModel = ScreenViewModel<AlertViewState, AlertEvent>

extension ScreenViewModel where ViewState == AlertViewState, Event == AlertEvent {
    convenience init?(store: Store<AppState>, entry: Int) {
        self.init(
            store: store, entry: entry,
            state: { state in
                guard case .alert(let alert)? = state.screen(entry) else { return nil }
                return AlertViewState(alert: alert)
            },
            send: { event, view in
                switch event {
                case .tap(let index):
                    let buttons = view.alert.buttons
                    // An alert without buttons shows one OK button, whose tap only closes it.
                    guard buttons.indices.contains(index) else {
                        return buttons.isEmpty && index == 0
                            ? AlertTapped<MeetingsAlert>(entry: entry, action: nil) : nil
                    }
                    return view.alert.tap(buttons[index], entry: entry)
                }
            })
    }
}
