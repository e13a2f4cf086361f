/// What a still picture has no use for: modifiers about interaction, input, focus, accessibility,
/// animation, gestures, navigation, presentation and a view's lifecycle. A template may use them
/// (listings are written for apps); they are accepted and change nothing, and their closures are
/// never run. Any other unknown modifier is still an error with a suggestion.
public enum StillPicture {
    /// The ignored modifiers, documented in `docs/views-and-templates.md`.
    public static let ignoredModifiers: Set<String> = [
        // Actions, interaction and input.
        "onTapGesture", "onLongPressGesture", "gesture", "simultaneousGesture", "highPriorityGesture", "onHover", "onSubmit", "onChange", "onReceive",
        "onCommit", "disabled", "allowsHitTesting", "contentShape", "buttonStyle", "keyboardType", "textContentType", "textInputAutocapitalization",
        "autocapitalization", "disableAutocorrection", "autocorrectionDisabled", "submitLabel", "keyboardShortcut", "hoverEffect", "contextMenu",
        "swipeActions", "refreshable", "searchable", "onDrag", "onDrop", "draggable", "dropDestination", "onCopyCommand", "onPasteCommand",
        "help", "scrollDismissesKeyboard", "sensoryFeedback", "controlSize", "tint",
        // Focus.
        "focused", "focusable", "focusedValue", "focusSection", "defaultFocus", "prefersDefaultFocus", "focusScope",
        // Accessibility.
        "accessibilityLabel", "accessibilityHint", "accessibilityValue", "accessibilityIdentifier", "accessibilityHidden", "accessibilityElement",
        "accessibilityAddTraits", "accessibilityRemoveTraits", "accessibilityAction", "accessibilitySortPriority", "accessibilityInputLabels",
        "accessibilityRepresentation", "accessibilityChildren", "accessibility", "speechAlwaysIncludesPunctuation",
        // Animation and transitions.
        "animation", "transition", "transaction", "matchedGeometryEffect", "contentTransition", "phaseAnimator", "keyframeAnimator", "symbolEffect",
        // Navigation and presentation.
        "navigationTitle", "navigationBarTitle", "navigationBarTitleDisplayMode", "navigationBarHidden", "navigationBarBackButtonHidden",
        "navigationDestination", "toolbar", "toolbarBackground", "toolbarColorScheme", "sheet", "fullScreenCover", "popover", "alert",
        "confirmationDialog", "tabItem", "badge", "statusBarHidden", "persistentSystemOverlays", "presentationDetents",
        // Lifecycle, data flow and environment plumbing.
        "onAppear", "onDisappear", "task", "onOpenURL", "handlesExternalEvents", "environmentObject", "userActivity", "onContinueUserActivity",
        "preference", "onPreferenceChange", "onGeometryChange", "coordinateSpace", "privacySensitive", "redacted", "unredacted",
        "scrollContentBackground", "listRowBackground", "listRowInsets", "listRowSeparator", "listStyle", "pickerStyle", "toggleStyle",
        "textSelection", "dynamicTypeSize", "drawingGroup", "compositingGroup", "labelsHidden", "previewLayout", "previewDisplayName",
        "previewDevice", "previewInterfaceOrientation",
    ]
}
